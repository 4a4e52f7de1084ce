import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '@concierge/platform/errors';
import type { CommandMetadata, RegisterUser } from '@concierge/contracts';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { userAggregate, type UserCommand } from './decide.js';
import { EMAIL_UNVERIFIED_MESSAGE, EMAIL_VERIFICATION_TTL_MS, INVALID_VERIFICATION_LINK_MESSAGE } from './email-verification.js';
import type { UserEvent } from './user.js';

const registeredAt = new Date('2026-11-22T10:00:00.000Z');
const later = (ms: number) => new Date(registeredAt.getTime() + ms);
/** Decided `ms` after the registration, by the platform. */
const at = (ms: number): CommandMetadata => ({ actor: { type: 'system' }, now: later(ms).toISOString(), correlationId: 'c', commandId: 'c' });
const userId = 'u-1';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId, firstName: 'Mallory', lastName: 'First', email: 'ada@example.com', passwordCredentialId: 'pw-1', emailVerificationSecretId: 'link-1' },
  metadata: at(0),
};
const spec = DeciderSpecification.for(userAggregate);
const verify = (linkKey: string, ms: number): UserCommand => ({ type: 'VerifyEmail', data: { userId, linkKey }, metadata: at(ms) });
const selfRegistered = spec.given().when(register).events;
/** Someone else registers the same email later: their name, password and link. */
const again = { firstName: 'Ada', lastName: 'Lovelace', passwordCredentialId: 'pw-2' };
const reissued = [...selfRegistered, ...spec.given(selfRegistered).when({ type: 'IssueEmailVerification', data: { userId, secretId: 'link-2', registration: again }, metadata: at(1000) }).events];

describe('confirming the email of a registration', () => {
  it('registers with a link mailed in the same decision, tied to this registration, so the account starts unconfirmed', () => {
    expect(selfRegistered.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerificationIssued']);
    expect(selfRegistered[1]?.data).toEqual({
      userId: 'u-1',
      secretId: 'link-1',
      registration: { firstName: 'Mallory', lastName: 'First', passwordCredentialId: 'pw-1' },
      issuedAt: registeredAt.toISOString(),
      expiresAt: later(EMAIL_VERIFICATION_TTL_MS).toISOString(),
    });
    expect(spec.given(selfRegistered).state).toMatchObject({ status: 'pending', emailVerified: false });
  });

  it('counts an account registered without a link (before confirmation existed, or by an operator) as confirmed', () => {
    const { emailVerificationSecretId: _none, ...operatorMade } = register.data;
    expect(spec.given(spec.given().when({ ...register, data: operatorMade }).events).state).toMatchObject({ emailVerified: true, emailVerification: null });
  });

  it('gives the account the name and password of the registration whose link was opened, not the first registrant\'s', () => {
    const confirmed = spec.given(reissued).when(verify('link-2', 2000)).events;
    expect(confirmed).toEqual([{ type: 'UserEmailVerified', data: { userId: 'u-1', registration: again, verifiedAt: later(2000).toISOString() } }]);
    expect(spec.given([...reissued, ...confirmed]).state).toMatchObject({ emailVerified: true, firstName: 'Ada', lastName: 'Lovelace', password: { credentialId: 'pw-2' } });
  });

  it('confirms with the newest link only, before it expires: the first registrant\'s older link is dead', () => {
    spec.given(reissued).when(verify('link-1', 2000)).thenThrows(INVALID_VERIFICATION_LINK_MESSAGE);
    spec.given(reissued).when(verify('link-2', 1000 + EMAIL_VERIFICATION_TTL_MS)).thenThrows(ValidationError);
  });

  it('answers a second opening of the confirming link with nothing to do, and any other link of a confirmed account as invalid', () => {
    const confirmed = [...reissued, ...spec.given(reissued).when(verify('link-2', 2000)).events];
    spec.given(confirmed).when(verify('link-2', 3000)).thenNothingHappens();
    spec.given(confirmed).when(verify('link-1', 3000)).thenThrows(INVALID_VERIFICATION_LINK_MESSAGE);
    spec.given(confirmed).when(verify('anything', 3000)).thenThrows(INVALID_VERIFICATION_LINK_MESSAGE);
    spec.given(confirmed).when({ type: 'IssueEmailVerification', data: { userId, secretId: 'link-3', registration: again }, metadata: at(3000) }).thenThrows(ConflictError);
  });

  it('answers any link of an account confirmed without one (an operator\'s) as invalid', () => {
    const { emailVerificationSecretId: _none, ...operatorMade } = register.data;
    spec.given().after({ ...register, data: operatorMade }).when(verify('link-1', 1)).thenThrows(INVALID_VERIFICATION_LINK_MESSAGE);
  });

  it('still folds and confirms a link recorded before the credential store (its token hash in the event, no registration)', () => {
    const legacy: UserEvent[] = [
      { type: 'UserRegistered', data: { userId, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', passwordHash: '$argon2id$old', role: 'user', registeredAt: at(0).now } },
      { type: 'UserEmailVerificationIssued', data: { userId, tokenHash: 'a'.repeat(64), issuedAt: at(0).now, expiresAt: later(EMAIL_VERIFICATION_TTL_MS).toISOString() } },
    ];
    const confirmed = spec.given(legacy).when(verify('a'.repeat(64), 5)).events;
    expect(confirmed).toEqual([{ type: 'UserEmailVerified', data: { userId, verifiedAt: later(5).toISOString() } }]);
    expect(spec.given([...legacy, ...confirmed]).state).toMatchObject({ firstName: 'Ada', password: { hash: '$argon2id$old' }, confirmedLink: { tokenHash: 'a'.repeat(64) } });
  });

  it('refuses to approve an unconfirmed registration, by the button or by setting the status', () => {
    spec.given(selfRegistered).when({ type: 'ApproveUser', data: { userId }, metadata: at(1) }).thenThrows(EMAIL_UNVERIFIED_MESSAGE);
    spec.given(selfRegistered).when({ type: 'UpdateUserDetails', data: { userId, status: 'approved' }, metadata: at(1) }).thenThrows(EMAIL_UNVERIFIED_MESSAGE);
    // Rejecting needs no confirmation: a registration nobody confirms can be turned down.
    expect(spec.given(selfRegistered).when({ type: 'RejectUser', data: { userId, reason: 'unknown' }, metadata: at(1) }).events.map((e) => e.type)).toEqual(['UserRejected']);
    const confirmed = [...selfRegistered, ...spec.given(selfRegistered).when(verify('link-1', 1)).events];
    expect(spec.given(confirmed).when({ type: 'ApproveUser', data: { userId }, metadata: at(2) }).events.map((e) => e.type)).toEqual(['UserApproved']);
  });

  it('records a repeated registration of a confirmed email without changing the account', () => {
    const confirmed = [...selfRegistered, ...spec.given(selfRegistered).when(verify('link-1', 1)).events];
    const repeated = spec.given(confirmed).when({ type: 'NoteRepeatedRegistration', data: { userId }, metadata: at(5) }).events;
    expect(repeated).toEqual([{ type: 'UserRegistrationRepeated', data: { userId: 'u-1', attemptedAt: later(5).toISOString() } }]);
    expect(spec.given([...confirmed, ...repeated]).state).toEqual(spec.given(confirmed).state);
  });
});
