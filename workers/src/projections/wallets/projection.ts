import { WALLETS_COLLECTION, type WalletReadModel } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { WALLETS_COLLECTION };

const emptyWallet = (userId: string, updatedAt: string): WalletReadModel => ({
  id: userId,
  userId,
  address: null,
  derivationIndex: null,
  derivationPath: null,
  autoWithdrawal: false,
  assignedAt: null,
  updatedAt,
});

/** Sets fields of the member's wallet document, starting it if the member has none yet. */
async function setWallet(tx: ProjectionContext, userId: string, at: string, fields: Partial<WalletReadModel>) {
  const wallets = tx.collection<WalletReadModel>(WALLETS_COLLECTION);
  const wallet = (await wallets.get(userId)) ?? emptyWallet(userId, at);
  await wallets.upsert({ ...wallet, ...fields, updatedAt: at });
}

/**
 * One document per member (id = userId): the deposit address and the auto-withdrawal switch.
 * PrivateKeyRevealed is an audit record: nothing a wallet view shows changes, so it is not followed.
 */
export const walletsProjection = defineProjection({
  name: 'wallets',
  readModels: [WALLETS_COLLECTION],
  on: {
    DepositAddressAssigned({ data }, tx) {
      const at = instant(data.assignedAt);
      return setWallet(tx, data.userId, at, { address: data.address, derivationIndex: data.derivationIndex, derivationPath: data.derivationPath, assignedAt: at });
    },
    // The switch may be set before an address is assigned; the wallet document starts then.
    AutoWithdrawalConfigured: ({ data }, tx) => setWallet(tx, data.userId, instant(data.configuredAt), { autoWithdrawal: data.enabled }),
  },
});
