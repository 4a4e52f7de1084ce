import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from './utf8.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('firstInvalidUtf8', () => {
  it('accepts every well-formed sequence, one to four bytes long', () => {
    expect(firstInvalidUtf8(new TextEncoder().encode('Ada é € 😀 \ufffd'))).toBe(-1);
    expect(firstInvalidUtf8(bytes())).toBe(-1);
  });

  it('finds a stray continuation byte, a Latin-1 byte, and a sequence cut short', () => {
    expect(firstInvalidUtf8(bytes(0x41, 0x80))).toBe(1);
    expect(firstInvalidUtf8(bytes(0x41, 0x42, 0xe9, 0x43))).toBe(2);
    expect(firstInvalidUtf8(bytes(0xe2, 0x82))).toBe(0);
  });

  it('finds overlong forms, encoded surrogates and code points past U+10FFFF', () => {
    expect(firstInvalidUtf8(bytes(0xc0, 0xaf))).toBe(0);
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0);
    expect(firstInvalidUtf8(bytes(0x20, 0xed, 0xa0, 0x80))).toBe(1);
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
  });

  it('agrees with the platform decoder on every two-byte input', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let a = 0; a < 256; a += 1) {
      for (let b = 0; b < 256; b += 1) {
        let valid = true;
        try {
          decoder.decode(bytes(a, b));
        } catch {
          valid = false;
        }
        expect(firstInvalidUtf8(bytes(a, b)) === -1, `${a} ${b}`).toBe(valid);
      }
    }
  });
});
