import { randomUUID } from 'node:crypto';
import { getAddress, JsonRpcProvider, Network, toBeHex, zeroPadValue } from 'ethers';
import { USERS_COLLECTION, type UserReadModel, type UserRole, type UserStatus } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

/** A distinct address per number, without deriving keys (balances are only looked up by address). */
export const addressOf = (n: number): string => getAddress(zeroPadValue(toBeHex(0x20_000 + n), 20));

/** A person as the `users` read model shows them; an approved member with an address by default. */
export async function person(readStore: ReadStore, options: { role?: UserRole; status?: UserStatus; walletAddress?: string | null } = {}): Promise<UserReadModel> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const doc: UserReadModel = {
    id,
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    email: `${id}@example.com`,
    role: options.role ?? 'user',
    status: options.status ?? 'approved',
    walletAddress: options.walletAddress === undefined ? null : options.walletAddress,
    subscriptionPlan: null,
    primaryWithdrawalAddress: null,
    rejectionReason: null,
    emailVerified: true,
    createdAt: at,
    updatedAt: at,
  };
  await readStore.collection<UserReadModel>(USERS_COLLECTION).upsert(doc);
  return doc;
}

type JsonRpcPayloads = Parameters<JsonRpcProvider['_send']>[0];

/** A provider that records every JSON-RPC method it sends. */
export class CountingProvider extends JsonRpcProvider {
  readonly sent: string[] = [];

  constructor(rpcUrl: string, chainId: number) {
    const network = Network.from(chainId);
    super(rpcUrl, network, { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 1, pollingInterval: 20 });
  }

  override async _send(payload: JsonRpcPayloads) {
    for (const request of Array.isArray(payload) ? payload : [payload]) this.sent.push(request.method);
    return super._send(payload);
  }

  /** Requests sent while `work` ran. */
  async count<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
    const from = this.sent.length;
    const result = await work();
    return { result, requests: this.sent.slice(from) };
  }
}
