export declare const ROOT: string;
export declare const SERVICES: ReadonlyArray<{ name: string; dist: string; source: string }>;
export declare function startServices(options: {
  mode: 'dist' | 'source';
  env?: Record<string, string>;
  write?: (line: string) => void;
}): {
  exited: Promise<{ name: string; code: number | null; signal: string | null }>;
  stop: () => Promise<void>;
};
