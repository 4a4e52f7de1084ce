import { upstreamGate, type UpstreamGate, type UpstreamGateOptions } from './upstream-gate.js';

/** One process of a service behind the gateway. */
export interface Replica {
  readonly url: URL;
  readonly gate: UpstreamGate;
}

/** The replicas of one service: calls are spread over those up, in turn. */
export interface UpstreamPool {
  readonly name: string;
  readonly replicas: readonly Replica[];
  /**
   * The next replica believed up (round robin); while none is, the first that comes up within the
   * gate's wait; undefined if none did.
   */
  pick(): Promise<Replica | undefined>;
}

export function upstreamPool(name: string, urls: readonly URL[], options: UpstreamGateOptions): UpstreamPool {
  if (urls.length === 0) throw new Error(`${name}: no upstream URL`);
  const replicas: Replica[] = urls.map((url) => ({ url, gate: upstreamGate(url, options) }));
  let next = 0;
  return {
    name,
    replicas,
    pick() {
      for (let i = 0; i < replicas.length; i += 1) {
        const replica = replicas[(next + i) % replicas.length];
        if (replica?.gate.isUp()) {
          next = (next + i + 1) % replicas.length;
          return Promise.resolve(replica);
        }
      }
      return new Promise((resolve) => {
        let waiting = replicas.length;
        for (const replica of replicas) {
          void replica.gate.ready().then((up) => {
            if (up) resolve(replica);
            else if ((waiting -= 1) === 0) resolve(undefined);
          });
        }
      });
    },
  };
}

/** `http://a:1,http://b:2` (a list separated by commas, spaces allowed) as URLs; one URL is a list of one. */
export function upstreamUrls(list: string | readonly string[]): URL[] {
  const entries = typeof list === 'string' ? list.split(',') : list;
  return entries.map((entry) => entry.trim()).filter((entry) => entry.length > 0).map((entry) => new URL(entry));
}
