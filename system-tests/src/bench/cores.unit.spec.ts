import { describe, expect, it } from 'vitest';
import { parseAffinity, splitCores } from './cores.js';

describe("the bench's split of cores between the writer and PostgreSQL", () => {
  it('gives the writer the first half and PostgreSQL the rest, and none on one core', () => {
    expect(splitCores(2)).toEqual({ writer: '0', store: '1' });
    expect(splitCores(3)).toEqual({ writer: '0', store: '1-2' });
    expect(splitCores(8)).toEqual({ writer: '0-3', store: '4-7' });
    expect(splitCores(1)).toBeUndefined();
  });

  it("reads taskset's answer, and refuses one without a list", () => {
    expect(parseAffinity("pid 4242's current affinity list: 0,1\n")).toBe('0,1');
    expect(parseAffinity("pid 7's current affinity list: 0-3")).toBe('0-3');
    expect(() => parseAffinity('taskset: failed to get pid 9 affinity: No such process')).toThrow('taskset answered');
  });
});
