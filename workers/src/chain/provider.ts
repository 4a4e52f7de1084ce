import { JsonRpcProvider, Network } from 'ethers';

/**
 * An ethers provider for jobs that must see the chain as it is now: no response cache (a stale
 * nonce or block number could pay twice or skip blocks), one request per HTTP call, and a fixed
 * network so ethers never re-detects it behind our back.
 */
export function chainProvider(rpcUrl: string, chainId: number, pollingIntervalMs = 1_000): JsonRpcProvider {
  const network = Network.from(chainId);
  return new JsonRpcProvider(rpcUrl, network, {
    staticNetwork: network,
    cacheTimeout: -1,
    batchMaxCount: 1,
    pollingInterval: pollingIntervalMs,
  });
}

/** Refuses to work against the wrong chain: deposits would be credited, or payouts signed, for another network. */
export async function assertChainId(provider: JsonRpcProvider, expected: number): Promise<void> {
  const reported: unknown = await provider.send('eth_chainId', []);
  const actual = typeof reported === 'string' ? Number.parseInt(reported, 16) : Number.NaN;
  if (actual !== expected) throw new Error(`The chain RPC serves chain id ${String(actual)}, but CHAIN_ID is ${expected}`);
}
