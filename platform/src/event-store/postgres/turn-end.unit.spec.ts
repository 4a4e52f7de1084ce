import { describe, expect, it } from 'vitest';
import { turnEndQueue } from './turn-end.js';

describe('work queued for the end of the turn', () => {
  it('runs after the code that queued it, in the order it was queued, all in one run', async () => {
    const atTurnEnd = turnEndQueue();
    const ran: string[] = [];
    const results = [atTurnEnd(() => (ran.push('a'), 1)), atTurnEnd(() => (ran.push('b'), 2))];
    // A microtask of this turn still comes first: the work waits for setImmediate.
    await Promise.resolve();
    ran.push('sync');
    const third = atTurnEnd(() => (ran.push('c'), 3));
    expect(ran).toEqual(['sync']);
    expect(await Promise.all([...results, third])).toEqual([1, 2, 3]);
    expect(ran).toEqual(['sync', 'a', 'b', 'c']);
  });

  it("gives each caller its own error and runs the others' work", async () => {
    const atTurnEnd = turnEndQueue();
    const failing = atTurnEnd(() => {
      throw new Error('cannot encode');
    });
    const fine = atTurnEnd(() => 'encoded');
    await expect(failing).rejects.toThrow('cannot encode');
    await expect(fine).resolves.toBe('encoded');
  });

  it('starts a new run for work queued by a later turn', async () => {
    const atTurnEnd = turnEndQueue();
    expect(await atTurnEnd(() => 'first')).toBe('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await atTurnEnd(() => 'second')).toBe('second');
  });
});
