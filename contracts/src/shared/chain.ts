import { z } from 'zod';

/** Chain-related fields shared by wallets, deposits, withdrawal addresses and withdrawals. */

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** Networks a withdrawal address can be on; Avalanche is the default. */
export const NETWORKS = ['Avalanche', 'Ethereum', 'Binance Smart Chain', 'Polygon'] as const;
export const DEFAULT_NETWORK = 'Avalanche';

/** A network name; absent means Avalanche. */
export const Network = z
  .enum(NETWORKS, { error: 'Please choose a network: Avalanche, Ethereum, Binance Smart Chain or Polygon' })
  .default(DEFAULT_NETWORK);
export type Network = z.infer<typeof Network>;

/** The only supported asset. */
export const Asset = z.literal('USDC', { error: 'Only USDC is supported' });
export type Asset = z.infer<typeof Asset>;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const EVM_ADDRESS_MESSAGE = 'Please enter a valid EVM address';

/** An EVM address typed by a person: 0x plus exactly 40 hexadecimal characters (case kept as typed). */
export const EvmAddress = z
  .string({ error: (issue) => (isMissing(issue.input) ? 'Address is required' : EVM_ADDRESS_MESSAGE) })
  .trim()
  .min(1, { error: 'Address is required', abort: true })
  .regex(EVM_ADDRESS, { error: EVM_ADDRESS_MESSAGE });

/** An EVM address in events: 0x plus 40 hex characters. */
export const EvmAddressText = z.string().regex(EVM_ADDRESS, { error: 'Expected an EVM address (0x plus 40 hex characters)' });

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
export const TX_HASH_MESSAGE = 'Please enter a valid transaction hash (0x followed by 64 hexadecimal characters)';

/**
 * A transaction hash typed by a person: non-blank, and since it is linked to a
 * block explorer and is the deposit's uniqueness key, 0x plus 64 hex characters. Lower-cased.
 */
export const TransactionHash = z
  .string({ error: (issue) => (isMissing(issue.input) ? 'Transaction hash is required' : TX_HASH_MESSAGE) })
  .trim()
  .min(1, { error: 'Transaction hash is required', abort: true })
  .regex(TX_HASH, { error: TX_HASH_MESSAGE })
  .toLowerCase();

/** A transaction hash in events: lower-case 0x plus 64 hex characters. */
export const TransactionHashText = z.string().regex(/^0x[0-9a-f]{64}$/, { error: 'Expected a lower-case transaction hash' });
