import { describe, expect, it } from 'vitest';
import { KeyedBatcher } from './batcher.js';

describe('gathering member jobs into batches', () => {
  const recorder = (maxSize: number, lingerMs = 20, maxWaitMs = 200) => {
    const runs: { key: string; items: readonly number[] }[] = [];
    const batcher = new KeyedBatcher<number, string>({
      maxSize,
      lingerMs,
      maxWaitMs,
      run: async (key, items) => {
        runs.push({ key, items });
        if (items.includes(-1)) throw new Error('read failed');
        return items.map((item) => `${key}:${item}`);
      },
    });
    return { runs, batcher };
  };

  it('runs full batches at once, the rest after the linger, each item answered with its own result', async () => {
    const { runs, batcher } = recorder(50);
    const results = await Promise.all(Array.from({ length: 120 }, (_, n) => batcher.submit('block:7', n)));
    expect(results).toEqual(Array.from({ length: 120 }, (_, n) => `block:7:${n}`));
    expect(runs.map((run) => run.items.length)).toEqual([50, 50, 20]);
  });

  it('waits while items keep coming, up to its longest wait', async () => {
    const { runs, batcher } = recorder(50, 30, 120);
    const submitted: Promise<string>[] = [];
    for (let n = 0; n < 12; n += 1) {
      submitted.push(batcher.submit('k', n));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await Promise.all(submitted);
    // Items 15 ms apart never let the 30 ms linger run out; the 120 ms cap cuts the batch.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]?.items.length).toBeGreaterThan(3);
    expect(runs.flatMap((run) => run.items)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it('keeps a batch open while a run of its key is under way, so the items that run frees fill it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    const batcher = new KeyedBatcher<number, number>({
      maxSize: 4,
      lingerMs: 10,
      maxWaitMs: 1_000,
      run: async (_key, items) => {
        runs.push(items.length);
        if (runs.length === 1) await gate;
        return [...items];
      },
    });
    const first = [1, 2, 3, 4].map((n) => batcher.submit('k', n)); // full: runs at once and holds
    const spare = batcher.submit('k', 5); // a spare slot's job: no linger while the first run reads
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toEqual([4]);
    release();
    await Promise.all(first);
    const refill = [6, 7, 8].map((n) => batcher.submit('k', n)); // the slots the first run freed
    await Promise.all([spare, ...refill]);
    expect(runs).toEqual([4, 4]);
  });

  it('never mixes items pinned to different keys', async () => {
    const { runs, batcher } = recorder(50);
    await Promise.all([batcher.submit('block:7', 1), batcher.submit('block:8', 2), batcher.submit('block:7', 3)]);
    expect(runs.map((run) => [run.key, run.items]).sort()).toEqual([
      ['block:7', [1, 3]],
      ['block:8', [2]],
    ]);
  });

  it('fails every item of a failed run, and only those', async () => {
    const { batcher } = recorder(2);
    const outcomes = await Promise.allSettled([batcher.submit('k', 1), batcher.submit('k', -1), batcher.submit('k', 3)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });
});
