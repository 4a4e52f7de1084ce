import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';

/** What a product's store holds after `appendLegacyCredentials`: the legacy account and every credential hash its events carry. */
export interface LegacyCredentials {
  readonly userId: string;
  readonly email: string;
  /** The legacy streams, user first. */
  readonly streams: readonly string[];
  /** The argon2id PHC strings in the user's events. */
  readonly passwordHashes: readonly string[];
  /** The 64-hex SHA-256 hashes of secrets in the link, session and step-up events, the reset link's first. */
  readonly secretHashes: readonly string[];
  /** The reset link's hash, which before the credential store also named its stream `passwordReset-<hash>`. */
  readonly resetStreamHash: string;
  /** Position of the last event appended, for X-Min-Position. */
  readonly position: string;
}

const base64 = (bytes: number) => randomBytes(bytes).toString('base64').replace(/=+$/, '');
/** An argon2id PHC string as the command API wrote them: OWASP's cost, a 16-byte salt, a 32-byte hash. */
const argon2idHash = () => `$argon2id$v=19$m=19456,t=2,p=1$${base64(16)}$${base64(32)}`;
const sha256Hex = () => randomBytes(32).toString('hex');

/**
 * Appends, straight to the event store, the events of an account as the product recorded them
 * before the credential store: a member whose password was set four times (registration, change,
 * reset, operator) with each argon2id hash in the event, and a confirmation link, a refresh session,
 * a reset link and an admin's step-up grant with the hashes of their secrets.
 */
export async function appendLegacyCredentials(store: EventStore): Promise<LegacyCredentials> {
  const userId = randomUUID();
  const email = `legacy-${userId.slice(0, 8)}@example.com`;
  const passwordHashes = [argon2idHash(), argon2idHash(), argon2idHash(), argon2idHash()];
  const [confirmation, issued, rotated, reset, grant] = [sha256Hex(), sha256Hex(), sha256Hex(), sha256Hex(), sha256Hex()];
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const event = (type: string, data: Record<string, unknown>, occurredAt: string): NewEvent => {
    const id = randomUUID();
    return { id, type, data, metadata: { actor: { type: 'system', reason: 'legacy-fixture' }, correlationId: id, causationId: id, occurredAt, schemaVersion: 1 } };
  };
  const sessionId = randomUUID();
  const adminId = randomUUID();
  const streams: [string, NewEvent[]][] = [
    [
      `user-${userId}`,
      [
        event('UserRegistered', { userId, firstName: 'Grace', lastName: 'Hopper', email, passwordHash: passwordHashes[0], role: 'user', registeredAt: at(60) }, at(60)),
        event('UserEmailVerificationIssued', { userId, tokenHash: confirmation, issuedAt: at(60), expiresAt: at(-3 * 24 * 60) }, at(60)),
        event('UserEmailVerified', { userId, verifiedAt: at(59) }, at(59)),
        event('UserApproved', { userId, approvedAt: at(58) }, at(58)),
        event('UserPasswordChanged', { userId, passwordHash: passwordHashes[1], changedAt: at(50) }, at(50)),
        event('UserPasswordReset', { userId, passwordHash: passwordHashes[2], resetAt: at(40) }, at(40)),
        event('UserPasswordReplaced', { userId, passwordHash: passwordHashes[3], operator: 'ops on host', setAt: at(30) }, at(30)),
      ],
    ],
    [
      `session-${sessionId}`,
      [
        event('RefreshSessionIssued', { sessionId, userId, tokenHash: issued, rememberMe: false, expiresAt: at(-60), issuedAt: at(57) }, at(57)),
        event('RefreshSessionRotated', { sessionId, userId, tokenHash: rotated, expiresAt: at(-60), rotatedAt: at(56) }, at(56)),
      ],
    ],
    [
      `passwordReset-${reset}`,
      [
        event('PasswordResetTokenIssued', { userId, tokenHash: reset, expiresAt: at(-15), issuedAt: at(45) }, at(45)),
        event('PasswordResetTokenUsed', { userId, tokenHash: reset, usedAt: at(40) }, at(40)),
      ],
    ],
    [
      `stepUp-${adminId}`,
      [
        event('StepUpGranted', { adminId, sessionId: randomUUID(), memberId: userId, grantHash: grant, reason: 'support ticket 4711', grantedAt: at(20), expiresAt: at(18) }, at(20)),
        event('StepUpGrantUsed', { adminId, memberId: userId, grantHash: grant, usedAt: at(19) }, at(19)),
      ],
    ],
  ];
  let position: Position | undefined;
  for (const [streamId, events] of streams) ({ position } = await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' }));
  if (!position) throw new Error('nothing was appended');
  return {
    userId,
    email,
    streams: streams.map(([streamId]) => streamId),
    passwordHashes,
    secretHashes: [reset, confirmation, issued, rotated, grant],
    resetStreamHash: reset,
    position: formatPosition(position),
  };
}
