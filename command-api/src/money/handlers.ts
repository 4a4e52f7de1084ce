import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import { depositHandlers } from './deposits/routes.js';
import { privateKeyHandlers } from './wallets/private-key.js';
import { walletHandlers } from './wallets/routes.js';
import { withdrawalAddressHandlers } from './withdrawal-addresses/routes.js';
import { withdrawalHandlers } from './withdrawals/routes.js';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export interface MoneyHandlerDeps extends AggregateDeps {
  /** The admin's password is checked again before a key is revealed. */
  readonly hasher: PasswordHasher;
  readonly credentials: CredentialStore;
  /** BIP-39 phrase deposit keys derive from; without it the key reveal routes answer 501. */
  readonly mnemonic?: string | undefined;
}

/** The money context's command routes: deposits, withdrawals, withdrawal addresses and the wallet's switches and key reveal. */
export function moneyHandlers(deps: MoneyHandlerDeps) {
  return {
    ...walletHandlers(deps),
    ...privateKeyHandlers(deps),
    ...withdrawalAddressHandlers(deps),
    ...withdrawalHandlers(deps),
    ...depositHandlers(deps),
  } satisfies SomeHandlers<'command'>;
}
