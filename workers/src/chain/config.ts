import { parseUnits } from 'ethers';
import { z } from 'zod';
import { NETWORKS } from '@concierge/contracts';

/** An empty variable means "not set", as it does for a shell user. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

/** Chain settings of the workers: deposit detection and on-chain settlement. */
export const ChainConfig = z.object({
  /** JSON-RPC endpoint of the chain; without it deposit detection is off. */
  CHAIN_RPC_URL: optional(z.url({ protocol: /^https?$/ })),
  /** The chain id the RPC must serve (43114 is Avalanche C-Chain). */
  CHAIN_ID: z.coerce.number().int().positive().default(43114),
  /** Which of the product's networks CHAIN_RPC_URL is: deposits are tagged with it, withdrawals to other networks are not paid on chain. */
  CHAIN_NETWORK: z.enum(NETWORKS).default('Avalanche'),
  /** The USDC token contract (6 decimals). */
  USDC_ADDRESS: optional(z.string().regex(EVM_ADDRESS, { error: 'USDC_ADDRESS must be 0x plus 40 hex characters' })),
  /** A block counts once it has this many confirmations (the block itself is the first). */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** How often the deposit scan runs. */
  DEPOSIT_SCAN_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  /** Most blocks per getLogs call; many RPC providers refuse wider ranges. */
  DEPOSIT_SCAN_MAX_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /**
   * First block scanned when no scan was recorded yet, e.g. the block the first deposit address was
   * handed out. Unset, the first scan starts at the chain head minus the confirmations.
   */
  DEPOSIT_SCAN_START_BLOCK: optional(z.coerce.number().int().min(0)),
  /** `manual`: an admin completes approved withdrawals by hand; `onchain`: the settlement job pays them from the hot wallet. */
  SETTLEMENT_MODE: z.enum(['manual', 'onchain']).default('manual'),
  /** Key of the platform hot wallet that pays withdrawals (hex). Never logged. */
  HOT_WALLET_PRIVATE_KEY: optional(z.string().regex(PRIVATE_KEY, { error: 'HOT_WALLET_PRIVATE_KEY must be 32 bytes of hex' })),
  /**
   * Highest fee cap per gas (gwei, up to 9 decimals) a payout may be signed or re-signed with when
   * it is stuck below the market fee; past it the payout waits and shows as delayed.
   */
  SETTLEMENT_MAX_FEE_GWEI: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,9})?$/, { error: 'SETTLEMENT_MAX_FEE_GWEI must be a number of gwei, e.g. 100 or 0.5', abort: true })
    .refine((gwei) => parseUnits(gwei, 'gwei') > 0n, { error: 'SETTLEMENT_MAX_FEE_GWEI must be above 0' })
    .default('100'),
  /** Longest a settlement job waits for its confirmations before it retries later. */
  SETTLEMENT_CONFIRMATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
});
export type ChainConfig = z.infer<typeof ChainConfig>;

/** Cross-field rules: on-chain settlement needs a chain, a token and a key; scanning needs the token. */
export function checkChainConfig(config: ChainConfig, ctx: z.RefinementCtx): void {
  if (config.CHAIN_RPC_URL && !config.USDC_ADDRESS) {
    ctx.addIssue({ code: 'custom', path: ['USDC_ADDRESS'], message: 'USDC_ADDRESS is required when CHAIN_RPC_URL is set' });
  }
  if (config.SETTLEMENT_MODE !== 'onchain') return;
  for (const name of ['CHAIN_RPC_URL', 'USDC_ADDRESS', 'HOT_WALLET_PRIVATE_KEY'] as const) {
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when SETTLEMENT_MODE=onchain` });
  }
}

/** The chain a job talks to, resolved from the config; undefined when no RPC is configured. */
export interface ChainSettings {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly network: (typeof NETWORKS)[number];
  readonly tokenAddress: string;
  readonly confirmations: number;
}

export function chainSettings(config: ChainConfig): ChainSettings | undefined {
  if (!config.CHAIN_RPC_URL || !config.USDC_ADDRESS) return undefined;
  return {
    rpcUrl: config.CHAIN_RPC_URL,
    chainId: config.CHAIN_ID,
    network: config.CHAIN_NETWORK,
    tokenAddress: config.USDC_ADDRESS,
    confirmations: config.CHAIN_CONFIRMATIONS,
  };
}

/** SETTLEMENT_MAX_FEE_GWEI in wei: exact, never through a float. */
export const settlementMaxFeeWei = (config: Pick<ChainConfig, 'SETTLEMENT_MAX_FEE_GWEI'>): bigint => parseUnits(config.SETTLEMENT_MAX_FEE_GWEI, 'gwei');
