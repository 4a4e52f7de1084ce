import type { Network } from '@concierge/contracts';

/**
 * the product's networks, Avalanche first as the default. Kept here rather than imported at
 * run time so the SPA does not bundle every contract schema; `satisfies` keeps the two in step.
 */
export const NETWORK_NAMES = ['Avalanche', 'Ethereum', 'Binance Smart Chain', 'Polygon'] as const satisfies readonly Network[];
export type NetworkName = (typeof NETWORK_NAMES)[number];
export const DEFAULT_NETWORK_NAME: NetworkName = 'Avalanche';

/** A saved address's network as a known name; an unexpected value falls back to the default. */
export function toNetworkName(value: string): NetworkName {
  return NETWORK_NAMES.find((name) => name === value) ?? DEFAULT_NETWORK_NAME;
}
