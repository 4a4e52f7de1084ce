import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import type { UserRole } from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { ensureAdmin } from '@concierge/domain/identity/admin/ensure-admin';
import { updateUser } from '@concierge/domain/identity/admin/update-user';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import { testHasher } from '@concierge/command-api/identity/testing/harness';

export const PASSWORD = 'Analytical1';

const storeOf = (schemas: TestSchemas) =>
  createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
/** The product's credential store (the command API's, beside its events). */
const credentialsOf = (schemas: TestSchemas) => createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });

/** An approved account of this role, written by the same deciders the command API uses. */
export async function createAccount(schemas: TestSchemas, email: string, role: UserRole = 'user'): Promise<string> {
  const eventStore = storeOf(schemas);
  const ctx = { actor: { type: 'system' as const, reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() };
  const { userId } = await registerUser({ eventStore, hasher: testHasher, credentials: credentialsOf(schemas) }, { email, password: PASSWORD, firstName: 'Test', lastName: role }, ctx);
  await updateUser({ eventStore }, { userId, changes: { status: 'approved', role, subscriptionPlan: undefined } }, ctx);
  return userId;
}

export interface Session {
  readonly authorization: string;
  readonly refreshToken: string;
}

/** Signs in through the gateway, as the SPA does. */
export async function signIn(base: string, email: string, password = PASSWORD): Promise<Session> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; refreshToken: string };
  return { authorization: `Bearer ${body.token}`, refreshToken: body.refreshToken };
}

/** An admin created as `npm run create-admin` creates one, signed in through `base`: its `Authorization` value. */
export async function signedInAdmin(base: string, schemas: TestSchemas, email = 'admin@example.com'): Promise<string> {
  await ensureAdmin({ eventStore: storeOf(schemas), hasher: testHasher, credentials: credentialsOf(schemas) }, { email, password: PASSWORD });
  return (await signIn(base, email)).authorization;
}
