import type { Provider } from 'ethers';
import { multicall3Interface } from './abis.js';

export interface Call3 {
  readonly target: string;
  /** 0x-prefixed calldata. */
  readonly callData: string;
}

/** One call's outcome: whether it succeeded and what it returned (revert data when it did not). */
export interface Call3Result {
  readonly success: boolean;
  readonly returnData: string;
}

const AGGREGATE3_SELECTOR = multicall3Interface.getFunction('aggregate3')?.selector ?? '';
const WORD = 64; // hex characters in a 32-byte ABI word
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Runs the calls through Multicall3's `aggregate3` in ONE eth_call at `blockTag`, each call allowed
 * to fail on its own (a broken token must not sink the batch). An RPC error throws.
 */
export async function aggregate3(provider: Provider, multicall: string, calls: readonly Call3[], blockTag: number): Promise<Call3Result[]> {
  if (calls.length === 0) return [];
  const returned = await provider.call({ to: multicall, data: encodeAggregate3(calls), blockTag });
  const results = decodeAggregate3(returned);
  if (results.length !== calls.length) throw new Error(`Multicall3 at ${multicall} answered ${results.length} results for ${calls.length} calls`);
  return results;
}

/**
 * Calldata of aggregate3(calls), every call with allowFailure = true. Written out by hand because a
 * snapshot round encodes thousands of calls and the generic ABI coder is the slowest part of a
 * batch; multicall.unit.spec.ts checks it against ethers' Interface.
 */
export function encodeAggregate3(calls: readonly Call3[]): string {
  const tuples = calls.map((call) => {
    const data = strip0x(call.callData);
    if (data.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(data)) throw new Error(`Calldata for ${call.target} is not hex`);
    const padded = data.padEnd(Math.ceil(data.length / WORD) * WORD, '0');
    if (!ADDRESS.test(call.target)) throw new Error(`${call.target} is not an address`);
    return word(BigInt(call.target)) + word(1n) + word(3n * 32n) + word(BigInt(data.length / 2)) + padded;
  });
  let offset = BigInt(calls.length * 32);
  const heads = tuples.map((tuple) => {
    const head = word(offset);
    offset += BigInt(tuple.length / 2);
    return head;
  });
  return AGGREGATE3_SELECTOR + word(32n) + word(BigInt(calls.length)) + heads.join('') + tuples.join('');
}

/** Decodes aggregate3's `(bool success, bytes returnData)[]`; throws on anything malformed. */
export function decodeAggregate3(returned: string): Call3Result[] {
  const hex = strip0x(returned);
  const array = index(hex, 0);
  const count = index(hex, array) / 2;
  const heads = array + WORD;
  return Array.from({ length: count }, (_, i) => {
    const tuple = heads + index(hex, heads + i * WORD);
    const flag = readWord(hex, tuple);
    if (flag !== 0n && flag !== 1n) throw new Error(`Multicall3 result ${i} has a success flag of ${flag}`);
    const bytesAt = tuple + index(hex, tuple + WORD);
    const length = index(hex, bytesAt);
    const start = bytesAt + WORD;
    if (start + length > hex.length) throw new Error(`Multicall3 result ${i} runs past the answer`);
    return { success: flag === 1n, returnData: `0x${hex.slice(start, start + length)}` };
  });
}

const strip0x = (text: string): string => (text.startsWith('0x') ? text.slice(2) : text);

function word(value: bigint): string {
  return value.toString(16).padStart(WORD, '0');
}

function readWord(hex: string, at: number): bigint {
  if (at < 0 || at + WORD > hex.length) throw new Error('Multicall3 answered fewer bytes than its ABI needs');
  return BigInt(`0x${hex.slice(at, at + WORD)}`);
}

/** A word read as a byte offset or count, converted to a position in hex characters. */
function index(hex: string, at: number): number {
  const value = readWord(hex, at);
  if (value > BigInt(hex.length)) throw new Error('Multicall3 answered an offset past its data');
  return Number(value) * 2;
}
