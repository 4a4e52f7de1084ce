import { AVALANCHE_REGISTRY } from './avalanche.js';
import { z } from 'zod';
import { TokenRegistry } from './schema.js';

export { ChecksummedAddress, PriceFeedEntry, RegistryToken, TokenRegistry } from './schema.js';
export { eip55Address, isEip55Address } from './checksum.js';
export { AVALANCHE_REGISTRY } from './avalanche.js';

/**
 * The committed registries, the default network (Avalanche C-Chain) first. The local EVM's
 * (chainId 31337) is not here: it is built at run time from the contracts deployed on it.
 */
export const TOKEN_REGISTRIES: readonly TokenRegistry[] = [AVALANCHE_REGISTRY];

/** Thrown when CHAIN_ID names a network no registry covers. */
export class UnknownRegistryError extends Error {
  readonly chainId: number;

  constructor(chainId: number, known: readonly TokenRegistry[]) {
    const names = known.map((registry) => `${registry.chainId} (${registry.network})`).join(', ');
    super(`No token registry for chain id ${chainId}; registries exist for ${names}`);
    this.name = 'UnknownRegistryError';
    this.chainId = chainId;
  }
}

/** The registry of CHAIN_ID, validated; an unknown chain throws naming the known ones. */
export function registryForChain(chainId: number, registries: readonly TokenRegistry[] = TOKEN_REGISTRIES): TokenRegistry {
  const found = registries.find((registry) => registry.chainId === chainId);
  if (!found) throw new UnknownRegistryError(chainId, registries);
  return TokenRegistry.parse(found);
}

/**
 * TOKEN_REGISTRY_FILE's content: a registry that is not committed (the development chain's, built
 * when its contracts are deployed) and the Multicall3 that reads it.
 */
export const TokenRegistryFile = z.object({ registry: TokenRegistry, multicallAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/) });
export type TokenRegistryFile = z.infer<typeof TokenRegistryFile>;

/**
 * The registry a service values CHAIN_ID's tokens with: the committed one, else the one in
 * TOKEN_REGISTRY_FILE's text (which must describe CHAIN_ID); undefined when neither exists.
 */
export function registryFor(chainId: number, fileText?: string): TokenRegistry | undefined {
  const committed = TOKEN_REGISTRIES.find((registry) => registry.chainId === chainId);
  if (committed) return TokenRegistry.parse(committed);
  if (fileText === undefined) return undefined;
  const { registry } = TokenRegistryFile.parse(JSON.parse(fileText));
  if (registry.chainId !== chainId) throw new Error(`TOKEN_REGISTRY_FILE describes chain ${registry.chainId}, not CHAIN_ID ${chainId}`);
  return registry;
}
