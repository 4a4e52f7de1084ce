import { describe, expect, it } from 'vitest';
import { medianInterval } from './stats.js';

describe('the confidence interval of a median', () => {
  it('takes the order statistics of the binomial tables (n = 24: 7th and 18th; n = 40: 14th and 27th)', () => {
    const shuffled = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7) % n) + 1);
    expect(medianInterval(shuffled(24))).toEqual([7, 18]);
    expect(medianInterval(shuffled(40))).toEqual([14, 27]);
    expect(medianInterval(shuffled(6))).toEqual([1, 6]);
  });

  it('has none below six samples', () => {
    expect(medianInterval([1, 2, 3, 4, 5])).toBeUndefined();
  });
});
