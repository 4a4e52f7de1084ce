import { describe, expect, it } from 'vitest';
import { upstreamPool, upstreamUrls } from './upstream-pool.js';

const pool = () => upstreamPool('command-api', upstreamUrls('http://a:1, http://b:2,http://c:3'), { maxWaitMs: 1_000, probeMs: 0 });
const hosts = async (p: ReturnType<typeof pool>, n: number) => {
  const picked: string[] = [];
  for (let i = 0; i < n; i += 1) picked.push((await p.pick())?.url.host ?? 'none');
  return picked;
};

describe('upstream pool', () => {
  it('reads one URL or a comma-separated list', () => {
    expect(upstreamUrls('http://127.0.0.1:8081').map(String)).toEqual(['http://127.0.0.1:8081/']);
    expect(upstreamUrls(' http://a:1 ,, http://b:2 ').map((url) => url.host)).toEqual(['a:1', 'b:2']);
    expect(upstreamUrls(['http://c:3']).map((url) => url.host)).toEqual(['c:3']);
  });

  it('picks the replicas in turn', async () => {
    expect(await hosts(pool(), 5)).toEqual(['a:1', 'b:2', 'c:3', 'a:1', 'b:2']);
  });

  it('skips a replica that refused a connection and keeps the turn of the others', async () => {
    const p = pool();
    p.replicas[1]?.gate.refused();
    expect(await hosts(p, 4)).toEqual(['a:1', 'c:3', 'a:1', 'c:3']);
  });

  it('refuses to be built without a URL', () => {
    expect(() => upstreamPool('query-api', [], { maxWaitMs: 1_000 })).toThrow(/query-api: no upstream URL/);
  });
});
