import { describe, expect, it } from 'vitest';
import { formatDate, initials } from './format';

describe('initials for the avatar', () => {
  it('takes the first letter of each word, upper-cased, at most two', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GB');
    expect(initials('  Alan   Turing ')).toBe('AT');
  });

  it('keeps a single word to one letter', () => {
    expect(initials('Plato')).toBe('P');
  });

  it('falls back to CC when there is no name', () => {
    expect(initials('')).toBe('CC');
    expect(initials('   ')).toBe('CC');
  });
});

describe('dates', () => {
  it('shows a calendar date and leaves text that is not a date alone', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDate('soon')).toBe('soon');
  });
});
