import {
  ACCOUNTS_COLLECTION,
  fromMicroText,
  microToNumber,
  USERS_COLLECTION,
  WALLETS_COLLECTION,
  type AccountReadModel,
  type AdminWalletResponse,
  type BalancesResponse,
  type WalletInfoResponse,
  type WalletReadModel,
} from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

/** A member's money in exact micro-USDC; a member with no money event yet has none of it. */
export interface AccountFigures {
  readonly balance: bigint;
  readonly reserved: bigint;
}

export async function accountFigures(readStore: ReadStore, userId: string): Promise<AccountFigures> {
  const doc = await readStore.collection<AccountReadModel>(ACCOUNTS_COLLECTION).get(userId);
  return { balance: doc ? fromMicroText(doc.balanceMicro) : 0n, reserved: doc ? fromMicroText(doc.reservedMicro) : 0n };
}

const walletOf = (readStore: ReadStore, userId: string) => readStore.collection<WalletReadModel>(WALLETS_COLLECTION).get(userId);

/** The member's deposit address (null until assigned) and the value of their account in USDC. */
export async function walletInfo(readStore: ReadStore, userId: string): Promise<WalletInfoResponse> {
  const [wallet, figures] = await Promise.all([walletOf(readStore, userId), accountFigures(readStore, userId)]);
  return { address: wallet?.address ?? null, totalValue: microToNumber(figures.balance) };
}

/** USDC balance, the part reserved by pending and approved withdrawals, and what is left to withdraw. */
export async function balances(readStore: ReadStore, userId: string): Promise<BalancesResponse> {
  const { balance, reserved } = await accountFigures(readStore, userId);
  return {
    balances: [
      { asset: 'USDC', balance: microToNumber(balance), reserved: microToNumber(reserved), available: microToNumber(balance - reserved) },
    ],
  };
}

/** An admin's view of one member's wallet; undefined when no such user exists. */
export async function adminWallet(readStore: ReadStore, userId: string): Promise<AdminWalletResponse | undefined> {
  const [user, wallet, figures] = await Promise.all([
    readStore.collection(USERS_COLLECTION).get(userId),
    walletOf(readStore, userId),
    accountFigures(readStore, userId),
  ]);
  if (!user && !wallet) return undefined;
  return {
    userId,
    address: wallet?.address ?? null,
    derivationIndex: wallet?.derivationIndex ?? null,
    totalValue: microToNumber(figures.balance),
  };
}
