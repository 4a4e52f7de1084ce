import { randomUUID } from 'node:crypto';
import type { AccessReadModel, UserRole, UserStatus } from '@concierge/contracts';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { bearerFor } from '@concierge/platform/testing/keys';
import { putAccess } from '@concierge/query-api/testing/harness';

export interface MatrixAccount {
  readonly userId: string;
  readonly role: UserRole;
  readonly status: UserStatus;
}

function event(type: string, data: Record<string, unknown>, at: Date): NewEvent {
  const id = randomUUID();
  return { id, type, data, metadata: { actor: { type: 'system', reason: 'matrix' }, correlationId: id, causationId: id, occurredAt: at.toISOString(), schemaVersion: 1 } };
}

/**
 * Real accounts for the matrix's callers, as the write side and the access projection hold them,
 * so every request is checked against the account's standing exactly as in production.
 */
export async function seedAccounts(eventStore: EventStore, readStore: ReadStore, accounts: readonly MatrixAccount[]): Promise<void> {
  const at = new Date(Date.now() - 60_000);
  for (const { userId, role, status } of accounts) {
    const registered = { userId, firstName: 'Matrix', lastName: role, email: `${userId}@example.com`, passwordHash: 'not-a-hash', role: 'user', registeredAt: at.toISOString() };
    const events = [event('UserRegistered', registered, at)];
    if (status === 'approved') events.push(event('UserApproved', { userId, approvedAt: at.toISOString() }, at));
    if (role !== 'user') events.push(event('UserRoleChanged', { userId, from: 'user', to: role, changedAt: at.toISOString() }, at));
    await eventStore.appendToStream(`user-${userId}`, events, { expectedRevision: 'no_stream' });
  }
  const docs: AccessReadModel[] = accounts.map(({ userId, role, status }) => ({
    id: userId,
    role,
    status,
    sessionsValidAfter: role === 'user' ? null : at.toISOString(),
    endedSessions: [],
  }));
  await putAccess(readStore, docs);
}

/**
 * An `Authorization` header of a session begun now, recorded in the store as a sign-in records it:
 * a fresh one per request, so a route that ends sessions (sign-out everywhere) ends only its own.
 */
export async function freshSession(eventStore: EventStore, keys: SigningKeys, account: MatrixAccount): Promise<Record<string, string>> {
  const sessionId = randomUUID();
  const now = new Date();
  const issued = { sessionId, userId: account.userId, tokenHash: '0'.repeat(64), rememberMe: false, issuedAt: now.toISOString(), expiresAt: new Date(now.getTime() + 3_600_000).toISOString() };
  await eventStore.appendToStream(`session-${sessionId}`, [event('RefreshSessionIssued', issued, now)], { expectedRevision: 'no_stream' });
  return { authorization: bearerFor(keys, { sub: account.userId, role: account.role, status: account.status, sid: sessionId, sit: now.getTime() }) };
}
