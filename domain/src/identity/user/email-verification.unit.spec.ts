import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '@concierge/platform/errors';
import type { CommandMetadata, RegisterUser } from '@concierge/contracts';
import { decideUser, type UserCommand } from './decide.js';
import { EMAIL_UNVERIFIED_MESSAGE, EMAIL_VERIFICATION_TTL_MS } from './email-verification.js';
import { evolveUser, initialUserState, type UserEvent } from './user.js';

const registeredAt = new Date('2026-11-22T10:00:00.000Z');
const later = (ms: number) => new Date(registeredAt.getTime() + ms);
/** Decided `ms` after the registration, by the platform. */
const at = (ms: number): CommandMetadata => ({ actor: { type: 'system' }, now: later(ms).toISOString(), correlationId: 'c', commandId: 'c' });
const userId = 'u-1';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', passwordHash: '$argon2id$hash', emailVerificationTokenHash: 'hash-1' },
  metadata: at(0),
};
const given = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);
const when = (events: UserEvent[], command: UserCommand) => decideUser(command, given(events));
const selfRegistered = when([], register);

describe('confirming the email of a registration', () => {
  it('registers with a link mailed in the same decision, so the account starts unconfirmed', () => {
    expect(selfRegistered.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerificationIssued']);
    expect(selfRegistered[1]?.data).toEqual({
      userId: 'u-1',
      tokenHash: 'hash-1',
      issuedAt: registeredAt.toISOString(),
      expiresAt: later(EMAIL_VERIFICATION_TTL_MS).toISOString(),
    });
    expect(given(selfRegistered)).toMatchObject({ status: 'pending', emailVerified: false });
  });

  it('counts an account registered without a link (before confirmation existed, or by an operator) as confirmed', () => {
    const { emailVerificationTokenHash: _none, ...operatorMade } = register.data;
    expect(given(when([], { ...register, data: operatorMade }))).toMatchObject({ emailVerified: true, emailVerification: null });
  });

  it('confirms with the newest link only, before it expires, and a second confirmation changes nothing', () => {
    const reissued = [...selfRegistered, ...when(selfRegistered, { type: 'IssueEmailVerification', data: { userId, tokenHash: 'hash-2' }, metadata: at(1000) })];
    expect(() => when(reissued, { type: 'VerifyEmail', data: { userId, tokenHash: 'hash-1' }, metadata: at(2000) })).toThrow(ValidationError);
    expect(() => when(reissued, { type: 'VerifyEmail', data: { userId, tokenHash: 'hash-2' }, metadata: at(1000 + EMAIL_VERIFICATION_TTL_MS) })).toThrow(ValidationError);
    const confirmed = when(reissued, { type: 'VerifyEmail', data: { userId, tokenHash: 'hash-2' }, metadata: at(2000) });
    expect(confirmed).toEqual([{ type: 'UserEmailVerified', data: { userId: 'u-1', verifiedAt: later(2000).toISOString() } }]);
    expect(when([...reissued, ...confirmed], { type: 'VerifyEmail', data: { userId, tokenHash: 'anything' }, metadata: at(3000) })).toEqual([]);
    expect(() => when([...reissued, ...confirmed], { type: 'IssueEmailVerification', data: { userId, tokenHash: 'hash-3' }, metadata: at(3000) })).toThrow(ConflictError);
  });

  it('refuses to approve an unconfirmed registration, by the button or by setting the status', () => {
    expect(() => when(selfRegistered, { type: 'ApproveUser', data: { userId }, metadata: at(1) })).toThrow(EMAIL_UNVERIFIED_MESSAGE);
    expect(() => when(selfRegistered, { type: 'UpdateUserDetails', data: { userId, status: 'approved' }, metadata: at(1) })).toThrow(EMAIL_UNVERIFIED_MESSAGE);
    // Rejecting needs no confirmation: a registration nobody confirms can be turned down.
    expect(when(selfRegistered, { type: 'RejectUser', data: { userId, reason: 'unknown' }, metadata: at(1) }).map((e) => e.type)).toEqual(['UserRejected']);
    const confirmed = [...selfRegistered, ...when(selfRegistered, { type: 'VerifyEmail', data: { userId, tokenHash: 'hash-1' }, metadata: at(1) })];
    expect(when(confirmed, { type: 'ApproveUser', data: { userId }, metadata: at(2) }).map((e) => e.type)).toEqual(['UserApproved']);
  });

  it('records a repeated registration of a confirmed email without changing the account', () => {
    const confirmed = [...selfRegistered, ...when(selfRegistered, { type: 'VerifyEmail', data: { userId, tokenHash: 'hash-1' }, metadata: at(1) })];
    const repeated = when(confirmed, { type: 'NoteRepeatedRegistration', data: { userId }, metadata: at(5) });
    expect(repeated).toEqual([{ type: 'UserRegistrationRepeated', data: { userId: 'u-1', attemptedAt: later(5).toISOString() } }]);
    expect(given([...confirmed, ...repeated])).toEqual(given(confirmed));
  });
});
