import fc from 'fast-check';
import { getAddress, hexlify } from 'ethers';
import { describe, expect, it } from 'vitest';
import { multicall3Interface } from './abis.js';
import { decodeAggregate3, encodeAggregate3 } from './multicall.js';

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(hexlify(bytes)));
const bytes = fc.uint8Array({ maxLength: 100 }).map((value) => hexlify(value));

describe('the hand-written aggregate3 codec', () => {
  it('encodes exactly what the ABI coder encodes, every call allowed to fail', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ target: address, callData: bytes }), { maxLength: 20 }), (calls) => {
        const expected = multicall3Interface.encodeFunctionData('aggregate3', [calls.map((call) => [call.target, true, call.callData])]);
        expect(encodeAggregate3(calls)).toBe(expected);
      }),
    );
  });

  it('decodes exactly what the ABI coder decodes', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ success: fc.boolean(), returnData: bytes }), { maxLength: 20 }), (results) => {
        const encoded = multicall3Interface.encodeFunctionResult('aggregate3', [results.map((result) => [result.success, result.returnData])]);
        expect(decodeAggregate3(encoded)).toEqual(results);
      }),
    );
  });

  it('refuses an answer cut short or with offsets past its end', () => {
    const encoded = multicall3Interface.encodeFunctionResult('aggregate3', [[[true, '0x1234']]]);
    expect(() => decodeAggregate3(encoded.slice(0, encoded.length - 64))).toThrow(/Multicall3/);
    expect(() => decodeAggregate3(`0x${'f'.repeat(64)}`)).toThrow(/offset past its data/);
    expect(() => decodeAggregate3('0x')).toThrow(/fewer bytes/);
  });
});
