import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { assertWellFormedText } from './validate.js';

/** Stands in for an undecodable byte sequence: a lone surrogate, which `assertWellFormedText` already refuses by field. */
const MARK = '\udfff';

/**
 * The byte offset of the first sequence that is not UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF, nothing cut short), or -1 when every byte is.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const more = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (more === 0 || i + more >= bytes.length) return i;
    let codePoint = lead & (0x3f >> more);
    for (let k = 1; k <= more; k += 1) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return i;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    const shortest = [0, 0x80, 0x800, 0x10000][more] ?? 0;
    if (codePoint < shortest || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return i;
    i += more + 1;
  }
  return -1;
}

/** The text with every undecodable sequence (as far as the first is concerned) shown as `MARK`. */
function markedText(bytes: Buffer, at: number): string {
  const decoder = new TextDecoder('utf-8');
  // The decoder turns the bad sequence and everything after it into text of its own; only the first one's place matters.
  return `${bytes.subarray(0, at).toString('utf8')}${MARK}${decoder.decode(bytes.subarray(at + 1))}`;
}

/**
 * `express.json`'s `verify` hook: a UTF-8 body with bytes that are not UTF-8 is refused with the
 * same 400 as a lone surrogate, naming the field that holds them, before it is decoded (the
 * decoder would quietly store U+FFFD in their place). Other charsets are left to their decoder.
 */
export function refuseInvalidUtf8(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string | null): void {
  if (encoding !== null && encoding.toLowerCase().replace('-', '') !== 'utf8') return;
  if (isUtf8(body)) return;
  const at = firstInvalidUtf8(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(markedText(body, at));
  } catch {
    parsed = MARK; // the bytes were not inside a string: the body as a whole is refused
  }
  assertWellFormedText(parsed);
  assertWellFormedText(MARK);
}
