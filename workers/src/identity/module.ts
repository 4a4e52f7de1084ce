import { accessProjection } from '../projections/access/projection.js';
import { usersProjection } from '../projections/users/projection.js';
import { accountNoticesReactor } from '../reactors/account-notices.js';
import type { WorkersModule } from '../workers-module.js';

/** Accounts: the access standings and the users read model, and the mail telling a member of an admin's decision. */
export const identityWorkers: WorkersModule<'identity'> = {
  context: 'identity',
  projections: [accessProjection, usersProjection],
  queues: [],
  async start({ config, logger, stores, mailQueue }) {
    return {
      reactors: [accountNoticesReactor({ eventStore: stores.eventStore, mailQueue, publicUrl: config.PUBLIC_URL, logger })],
      stop: async () => {},
    };
  },
};
