import { loadWalletMnemonic } from '@concierge/platform/wallet/mnemonic';
import { startChainJobs } from '../chain/chain-jobs.js';
import { accountsProjection } from '../projections/accounts/projection.js';
import { depositsProjection } from '../projections/deposits/projection.js';
import { walletsProjection } from '../projections/wallets/projection.js';
import { withdrawalAddressesProjection } from '../projections/withdrawal-addresses/projection.js';
import { withdrawalsProjection } from '../projections/withdrawals/projection.js';
import { depositAddressesReactor } from '../reactors/deposit-addresses.js';
import { keyRevealNoticesReactor } from '../reactors/key-reveal-notices.js';
import type { WorkersModule } from '../workers-module.js';
import { DEPOSIT_DETECTION_QUEUE, SETTLEMENT_QUEUE } from './queues.js';

/**
 * Money: wallets, address books, withdrawals, deposits and balances; a deposit address for each
 * approved member, the admins told of a key reveal, and on a chain the deposit scan and the payouts.
 */
export const moneyWorkers: WorkersModule<'money'> = {
  context: 'money',
  projections: [walletsProjection, withdrawalAddressesProjection, withdrawalsProjection, depositsProjection, accountsProjection],
  queues: [DEPOSIT_DETECTION_QUEUE, SETTLEMENT_QUEUE],
  async start({ config, logger, stores, commands, mailQueue, observe }) {
    // Settlement, deposit detection and address assignment decide commands: they fold states like the command API.
    const chainJobs = await startChainJobs({ config, ...commands, logger, observe });
    return {
      reactors: [
        ...chainJobs.reactors,
        depositAddressesReactor({ ...commands, mnemonic: loadWalletMnemonic(config), logger }),
        keyRevealNoticesReactor({ eventStore: stores.eventStore, readStore: stores.readStore, mailQueue, logger }),
      ],
      stop: () => chainJobs.close(),
    };
  },
};
