import { formatUnits, Transaction, type JsonRpcProvider, type Wallet } from 'ethers';
import { minimumReplacementFee } from '@concierge/domain/money/account/decide';
import type { SignedTransfer } from '../../chain/hot-wallet.js';

/** EIP-1559 fees of a transaction, in wei. */
export interface Fees {
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

/** A signed transaction with the fees it carries (null for a legacy one, which is never re-signed). */
export type PricedTransfer = SignedTransfer & { readonly fees: Fees | null };

const gwei = (wei: bigint) => `${formatUnits(wei, 'gwei')} gwei`;
const maxBigint = (...values: bigint[]) => values.reduce((a, b) => (b > a ? b : a));
const minBigint = (a: bigint, b: bigint) => (a < b ? a : b);

export function feesOf(signedTransaction: string): Fees | null {
  const tx = Transaction.from(signedTransaction);
  if (tx.maxFeePerGas === null || tx.maxPriorityFeePerGas === null) return null;
  return { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas };
}

/**
 * Signs the very same transfer again (nonce, token, destination, amount, gas limit) with other
 * fees: only the price changes, so whichever of the two is mined pays the same thing once.
 */
export async function resign(wallet: Wallet, signedTransaction: string, fees: Fees): Promise<PricedTransfer> {
  const tx = Transaction.from(signedTransaction);
  const raw = await wallet.signTransaction({
    type: 2,
    chainId: tx.chainId,
    nonce: tx.nonce,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gasLimit: tx.gasLimit,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  const signed = raw.toLowerCase();
  const hash = Transaction.from(signed).hash;
  if (!hash) throw new Error('A signed transaction has no hash');
  return { from: wallet.address, nonce: tx.nonce, transactionHash: hash.toLowerCase(), signedTransaction: signed, fees };
}

/** Keeps a first signature under the ceiling: a market above it is met with the ceiling, and the payout waits. */
export async function withinCeiling(wallet: Wallet, signed: SignedTransfer, ceiling: bigint): Promise<PricedTransfer> {
  const fees = feesOf(signed.signedTransaction);
  if (fees === null || fees.maxFeePerGas <= ceiling) return { ...signed, fees };
  return resign(wallet, signed.signedTransaction, { maxFeePerGas: ceiling, maxPriorityFeePerGas: minBigint(fees.maxPriorityFeePerGas, ceiling) });
}

/** The latest block's base fee: a transaction whose fee cap is below it cannot be in the next block. */
export async function baseFee(provider: JsonRpcProvider): Promise<bigint | null> {
  return (await provider.getBlock('latest'))?.baseFeePerGas ?? null;
}

export type FeeBump = { readonly kind: 'raise'; readonly fees: Fees } | { readonly kind: 'ceiling'; readonly reason: string };

/**
 * The fees that outbid a transaction stuck below the market: the market's own, and at least the
 * replacement minimum over the stuck one's (geth and hardhat refuse less), capped at the ceiling.
 * When even the minimum is above the ceiling, the payout can only wait: the reason says why.
 */
export function bumpedFees(stuck: Fees, market: { maxFeePerGas: bigint | null; maxPriorityFeePerGas: bigint | null }, baseFeePerGas: bigint, ceiling: bigint): FeeBump {
  const minimum = { maxFeePerGas: minimumReplacementFee(stuck.maxFeePerGas), maxPriorityFeePerGas: minimumReplacementFee(stuck.maxPriorityFeePerGas) };
  const tip = maxBigint(minimum.maxPriorityFeePerGas, market.maxPriorityFeePerGas ?? 0n);
  const cap = minBigint(maxBigint(minimum.maxFeePerGas, market.maxFeePerGas ?? 0n, baseFeePerGas + tip), ceiling);
  if (cap < minimum.maxFeePerGas || minBigint(tip, cap) < minimum.maxPriorityFeePerGas) {
    const reason =
      `The network's base fee (${gwei(baseFeePerGas)} per gas) is above this payout's fee cap (${gwei(stuck.maxFeePerGas)}), and outbidding it would pass ` +
      `SETTLEMENT_MAX_FEE_GWEI (${gwei(ceiling)}). It waits in the mempool and is paid when the fee falls; raise the ceiling to pay it sooner.`;
    return { kind: 'ceiling', reason };
  }
  return { kind: 'raise', fees: { maxFeePerGas: cap, maxPriorityFeePerGas: minBigint(tip, cap) } };
}
