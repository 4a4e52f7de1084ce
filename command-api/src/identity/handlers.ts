import type { SigningKeys } from '@concierge/platform/auth/keys';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import { adminHandlers } from './admin/routes.js';
import { sessionHandlers } from './login/routes.js';
import { passwordResetHandlers } from './password-reset/routes.js';
import { profileHandlers } from './profile/routes.js';
import type { CredentialAttempts } from './rate-limits.js';
import { registrationHandlers } from './registration/routes.js';
import { logoutEverywhereHandlers } from './session/logout-everywhere.js';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export interface IdentityHandlerDeps extends AggregateDeps {
  readonly hasher: PasswordHasher;
  readonly credentials: CredentialStore;
  readonly keys: SigningKeys;
  readonly now: () => Date;
  /** Where members reach the app, for links in mail. */
  readonly publicUrl: string;
  /** The mail queue; without it registration and the reset link's request answer 501. */
  readonly mail?: MailOutbox | undefined;
  /** Back-offs on password guesses; without them nothing is held back. */
  readonly attempts?: CredentialAttempts | undefined;
}

/** The identity context's command routes: registration, sign-in and sessions, passwords, profiles, and the admins' decisions on accounts. */
export function identityHandlers(deps: IdentityHandlerDeps) {
  return {
    ...registrationHandlers(deps),
    ...sessionHandlers(deps),
    ...logoutEverywhereHandlers(deps),
    ...passwordResetHandlers(deps),
    ...profileHandlers(deps),
    ...adminHandlers(deps),
  } satisfies SomeHandlers<'command'>;
}
