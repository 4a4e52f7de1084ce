import { AVALANCHE_REGISTRY } from './avalanche.js';
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
