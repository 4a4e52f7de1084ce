import { isError, Transaction, Wallet, type JsonRpcProvider, type TransactionRequest } from 'ethers';
import { transferCalldata } from './erc20.js';

/** A token payout signed by the hot wallet, not yet sent: enough to send the very same transaction again. */
export interface SignedTransfer {
  readonly from: string;
  readonly nonce: number;
  /** Lower-case 0x hash, the id of the transaction on chain. */
  readonly transactionHash: string;
  /** Lower-case 0x raw transaction. */
  readonly signedTransaction: string;
}

/** The platform wallet that pays withdrawals. The key stays inside the ethers Wallet; never log it. */
export function hotWallet(privateKey: string): Wallet {
  return new Wallet(privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`);
}

/**
 * Signs `transfer(to, amount)` on the token with an explicit nonce (the account's next one,
 * counting pending transactions), gas estimated from the chain. Nothing is sent.
 */
export async function signTokenTransfer(
  provider: JsonRpcProvider,
  wallet: Wallet,
  payout: { readonly chainId: number; readonly token: string; readonly to: string; readonly amount: bigint },
): Promise<SignedTransfer> {
  const data = transferCalldata(payout.to, payout.amount);
  const nonce = await provider.getTransactionCount(wallet.address, 'pending');
  // Reverts here (e.g. the hot wallet holds too little USDC) before anything is signed.
  const estimated = await provider.estimateGas({ from: wallet.address, to: payout.token, data });
  const fees = await provider.getFeeData();
  const request: TransactionRequest = {
    chainId: payout.chainId,
    nonce,
    to: payout.token,
    data,
    value: 0n,
    // Headroom over the estimate: a transfer's cost can differ slightly once mined.
    gasLimit: (estimated * 12n) / 10n,
    ...(fees.maxFeePerGas !== null && fees.maxPriorityFeePerGas !== null
      ? { type: 2, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }
      : { type: 0, gasPrice: fees.gasPrice ?? undefined }),
  };
  const signedTransaction = (await wallet.signTransaction(request)).toLowerCase();
  const transactionHash = Transaction.from(signedTransaction).hash;
  if (!transactionHash) throw new Error('A signed transaction has no hash');
  return { from: wallet.address, nonce, transactionHash: transactionHash.toLowerCase(), signedTransaction };
}

/** What sending a signed transaction (again) found. */
export type SendOutcome =
  /** The node accepted it now, or already had it. */
  | 'sent'
  /** Its nonce was used by another transaction of the wallet: this one can never be mined. */
  | 'nonce-used';

/**
 * Sends a raw transaction that may already have been sent (a retry after a crash). Sending the
 * same bytes twice can only ever mine once, since the nonce is inside them.
 */
export async function sendSigned(provider: JsonRpcProvider, signed: SignedTransfer): Promise<SendOutcome> {
  try {
    await provider.broadcastTransaction(signed.signedTransaction);
    return 'sent';
  } catch (error) {
    // "already known", or mined between our check and the send: ours is on its way.
    if (await isKnown(provider, signed.transactionHash)) return 'sent';
    if (isError(error, 'NONCE_EXPIRED')) return 'nonce-used';
    throw error;
  }
}

/** Whether the node has the transaction, pending or mined. */
export async function isKnown(provider: JsonRpcProvider, transactionHash: string): Promise<boolean> {
  if (await provider.getTransactionReceipt(transactionHash)) return true;
  return (await provider.getTransaction(transactionHash)) !== null;
}
