import type { Provider } from 'ethers';
import { multicall3Interface } from './abis.js';

export interface Call3 {
  readonly target: string;
  readonly callData: string;
}

/** One call's outcome: whether it succeeded and what it returned (revert data when it did not). */
export interface Call3Result {
  readonly success: boolean;
  readonly returnData: string;
}

/**
 * Runs the calls through Multicall3's `aggregate3` in ONE eth_call at `blockTag`, each call allowed
 * to fail on its own (a broken token must not sink the batch). An RPC error throws.
 */
export async function aggregate3(provider: Provider, multicall: string, calls: readonly Call3[], blockTag: number): Promise<Call3Result[]> {
  if (calls.length === 0) return [];
  const data = multicall3Interface.encodeFunctionData('aggregate3', [calls.map((call) => [call.target, true, call.callData])]);
  const returned = await provider.call({ to: multicall, data, blockTag });
  const [results] = multicall3Interface.decodeFunctionResult('aggregate3', returned);
  if (!Array.isArray(results) || results.length !== calls.length) {
    throw new Error(`Multicall3 at ${multicall} answered ${Array.isArray(results) ? results.length : 'no'} results for ${calls.length} calls`);
  }
  return results.map((result: unknown, index) => {
    const [success, returnData] = Array.isArray(result) ? (result as unknown[]) : [];
    if (typeof success !== 'boolean' || typeof returnData !== 'string') throw new Error(`Multicall3 result ${index} is malformed`);
    return { success, returnData };
  });
}
