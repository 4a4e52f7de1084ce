export declare const ROOT: string;
export declare const SERVICES: ReadonlyArray<{ name: string; dist: string; source: string }>;
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  healthyAfterMs: number;
  maxQuickFailures: number;
}
export declare const RESTART_POLICY: RestartPolicy;
export declare const EXIT_CODES: { readonly badSetting: number; readonly dependencyDown: number };
export declare function startServices(options: {
  mode: 'dist' | 'source';
  env?: Record<string, string>;
  write?: (line: string) => void;
  policy?: Partial<RestartPolicy>;
  /** Processes to run instead of one of each service: several replicas of one, each with its own name and environment. */
  instances?: ReadonlyArray<{ name: string; service: string; env?: Record<string, string> }>;
}): {
  /** Resolves only when a service was given up (a bad setting, or it kept dying soon after starting), with its last line on stderr. */
  exited: Promise<{ name: string; code: number | null; signal: string | null; message?: string }>;
  /** Each service's current pid (undefined while it is down). */
  pids: () => Record<string, number | undefined>;
  /** How often each service was restarted. */
  restarts: () => Record<string, number>;
  stop: () => Promise<void>;
};
