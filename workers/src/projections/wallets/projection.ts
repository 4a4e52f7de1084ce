import { AutoWithdrawalConfigured, DepositAddressAssigned, WALLETS_COLLECTION, type WalletReadModel } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { instant } from '../deposits/members.js';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

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

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const wallets = ctx.collection<WalletReadModel>(WALLETS_COLLECTION);
  switch (event.type) {
    case 'DepositAddressAssigned': {
      const e = DepositAddressAssigned.parse(event.data);
      const at = instant(e.assignedAt);
      const wallet = (await wallets.get(e.userId)) ?? emptyWallet(e.userId, at);
      await wallets.upsert({ ...wallet, address: e.address, derivationIndex: e.derivationIndex, derivationPath: e.derivationPath, assignedAt: at, updatedAt: at });
      return;
    }
    case 'AutoWithdrawalConfigured': {
      const e = AutoWithdrawalConfigured.parse(event.data);
      const at = instant(e.configuredAt);
      // The switch may be set before an address is assigned; the wallet document starts then.
      const wallet = (await wallets.get(e.userId)) ?? emptyWallet(e.userId, at);
      await wallets.upsert({ ...wallet, autoWithdrawal: e.enabled, updatedAt: at });
      return;
    }
    default:
      // PrivateKeyRevealed is an audit record: nothing a wallet view shows changes.
      return;
  }
}

/** One document per member (id = userId): the deposit address and the auto-withdrawal switch. */
export const walletsProjection: Projection = {
  name: 'wallets',
  collections: [WALLETS_COLLECTION],
  eventTypes: new Set(['DepositAddressAssigned', 'AutoWithdrawalConfigured']),
  apply,
};
