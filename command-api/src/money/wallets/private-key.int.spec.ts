import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import { GRANT_EXPIRED_MESSAGE, GRANT_OTHER_MEMBER_MESSAGE, GRANT_OTHER_SESSION_MESSAGE, GRANT_UNKNOWN_MESSAGE, GRANT_USED_MESSAGE } from '@concierge/domain/identity/step-up/decide';
import { WRONG_PASSWORD_MESSAGE } from '@concierge/domain/identity/step-up/issue-step-up-grant';
import { stepUpStreamId } from '@concierge/domain/identity/step-up/step-up';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { assignDepositAddress } from '@concierge/domain/money/wallets/assign-deposit-address';
import { NO_DEPOSIT_ADDRESS_MESSAGE } from '@concierge/domain/money/wallets/decide';
import { STEP_UP_REQUIRED_MESSAGE } from '@concierge/domain/money/wallets/reveal-private-key';
import { walletStreamId } from '@concierge/domain/money/wallets/wallet';
import { startIdentityApi, type IdentityApi } from '../../identity/testing/harness.js';
import { GRANT_ISSUED_MESSAGE, PRIVATE_KEY_REVEALED_MESSAGE } from './private-key.js';

const MNEMONIC = 'test test test test test test test test test test test junk';
const OTHER_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PASSWORD = 'Str0ngPassw0rd';
const REASON = 'Member lost their phone; moving funds to a new wallet';
const MINUTE = 60_000;
const system = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });

type Headers = Record<string, string>;

describe('private-key reveal behind a step-up (POST .../private-key/grant, GET .../private-key)', () => {
  let api: IdentityApi;

  beforeAll(async () => {
    api = await startIdentityApi('keyreveal', { walletMnemonic: MNEMONIC });
  });
  afterAll(async () => {
    await api?.close();
  });

  const grantFor = (memberId: string, auth: Headers, password = PASSWORD, reason = REASON) =>
    api.send('POST', `/wallets/user/${memberId}/private-key/grant`, { password, reason }, auth);
  const reveal = (memberId: string, auth: Headers, grant?: unknown) =>
    api.send('GET', `/wallets/user/${memberId}/private-key`, undefined, grant === undefined ? auth : { ...auth, 'x-step-up-grant': String(grant) });
  const lastWalletEvent = async (memberId: string) => (await api.store.readStream(walletStreamId(memberId), { direction: 'backwards', maxCount: 1 }))[0];
  const stepUpEvents = async (adminId: string) => (await api.store.readStream(stepUpStreamId(adminId))).map((e) => e.type);

  /** A fresh admin (own hourly budget) in one session, and a member with a deposit address. */
  async function adminAndMember() {
    const tag = randomUUID().slice(0, 8);
    const adminId = await api.seedUser({ email: `admin-${tag}@example.com`, password: PASSWORD, role: 'admin', firstName: 'Grace' });
    const memberId = await api.seedUser({ email: `member-${tag}@example.com`, password: 'Analytical1' });
    const { deposit } = await assignDepositAddress({ eventStore: api.store, mnemonic: MNEMONIC }, { userId: memberId }, system());
    const auth = { authorization: api.bearer(adminId, 'admin') };
    await api.head(); // records the session before any request, also before a burst of concurrent ones
    return { adminId, memberId, deposit, auth };
  }

  it('refuses a reveal without a grant with 403 and a clear message, records nothing and shows no key', async () => {
    const { memberId, auth } = await adminAndMember();
    const before = await api.head();
    for (const grant of [undefined, '', ' ']) {
      const reply = await reveal(memberId, auth, grant);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ message: STEP_UP_REQUIRED_MESSAGE, stepUpRequired: true });
      expect(reply.body['privateKey']).toBeUndefined();
    }
    expect(await api.head()).toBe(before);
  });

  it('reveals once after the password and a reason, recording the admin, the member, the reason and the time; only the hash is stored', async () => {
    const { adminId, memberId, deposit, auth } = await adminAndMember();
    const granted = await grantFor(memberId, auth, PASSWORD, `  ${REASON}  `);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    expect(granted.body).toMatchObject({ message: GRANT_ISSUED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    const grant = String(granted.body['grant']);
    // `<grant id><secret>`: the id names the grant in the step-up stream, the secret's hash is in the credential store.
    expect(grant).toMatch(/^[0-9a-f]{32}[\w-]{43}$/);
    expect(Date.parse(String(granted.body['expiresAt'])) - api.clock.now.getTime()).toBe(2 * MINUTE);

    const reply = await reveal(memberId, auth, grant);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const expected = deriveDepositWallet(MNEMONIC, deposit.derivationIndex);
    expect(reply.body).toMatchObject({ address: deposit.address, privateKey: expected.privateKey, message: PRIVATE_KEY_REVEALED_MESSAGE });

    const revealed = await lastWalletEvent(memberId);
    expect(revealed?.type).toBe('PrivateKeyRevealed');
    expect(revealed?.data).toEqual({ userId: memberId, address: deposit.address, revealedTo: adminId, revealedAt: api.clock.now.toISOString(), reason: REASON });
    expect(revealed?.metadata.actor).toEqual({ type: 'user', userId: adminId, role: 'admin' });
    expect(await stepUpEvents(adminId)).toEqual(['StepUpGranted', 'StepUpGrantUsed']);
    const stored = await api.storedText();
    expect(stored).not.toContain(grant);
    expect(stored).not.toContain(hashToken(grant.slice(32)));
    expect(stored).not.toContain(hashToken(grant));
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(expected.privateKey.slice(2));
    expect(stored).not.toContain(MNEMONIC);
  });

  it('refuses a spent grant, also when two reveals race with one grant', async () => {
    const { adminId, memberId, auth } = await adminAndMember();
    const grant = String((await grantFor(memberId, auth)).body['grant']);
    const [first, second] = await Promise.all([reveal(memberId, auth, grant), reveal(memberId, auth, grant)]);
    expect([first?.status, second?.status].sort()).toEqual([200, 403]);
    const refused = first?.status === 403 ? first : second;
    expect(refused?.body['message']).toBe(GRANT_USED_MESSAGE);
    const again = await reveal(memberId, auth, grant);
    expect(again.status).toBe(403);
    expect(again.body['message']).toBe(GRANT_USED_MESSAGE);
    const reveals = (await api.store.readStream(walletStreamId(memberId))).filter((e) => e.type === 'PrivateKeyRevealed');
    expect(reveals).toHaveLength(1);
    expect(await stepUpEvents(adminId)).toEqual(['StepUpGranted', 'StepUpGrantUsed']);
  });

  it('refuses an expired grant, a grant for another member, from another session or of another admin', async () => {
    const { adminId, memberId, auth } = await adminAndMember();
    const other = await adminAndMember();

    const stale = String((await grantFor(memberId, auth)).body['grant']);
    const before = api.clock.now;
    api.clock.now = new Date(before.getTime() + 2 * MINUTE);
    try {
      expect((await reveal(memberId, auth, stale)).body).toMatchObject({ status: 403, message: GRANT_EXPIRED_MESSAGE });
    } finally {
      api.clock.now = before;
    }

    const grant = String((await grantFor(memberId, auth)).body['grant']);
    expect((await reveal(other.memberId, auth, grant)).body).toMatchObject({ status: 403, message: GRANT_OTHER_MEMBER_MESSAGE });
    const otherSession = { authorization: api.bearer(adminId, 'admin') };
    expect((await reveal(memberId, otherSession, grant)).body).toMatchObject({ status: 403, message: GRANT_OTHER_SESSION_MESSAGE });
    expect((await reveal(memberId, other.auth, grant)).body).toMatchObject({ status: 403, message: GRANT_UNKNOWN_MESSAGE });
    expect((await reveal(memberId, auth, 'x'.repeat(43))).body).toMatchObject({ status: 403, message: GRANT_UNKNOWN_MESSAGE });

    // None of the refusals spent it: its own admin, session and member still reveal with it.
    expect((await reveal(memberId, auth, grant)).status).toBe(200);
    const reveals = (await api.store.readStream(walletStreamId(memberId))).filter((e) => e.type === 'PrivateKeyRevealed');
    expect(reveals).toHaveLength(1);
    expect((await api.store.readStream(walletStreamId(other.memberId))).map((e) => e.type)).toEqual(['DepositAddressAssigned']);
  });

  it('refuses a wrong password with 400 and the field, and counts it', async () => {
    const { adminId, memberId, auth } = await adminAndMember();
    const wrong = await grantFor(memberId, auth, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: WRONG_PASSWORD_MESSAGE, errors: [{ field: 'password', message: WRONG_PASSWORD_MESSAGE }] });
    expect(wrong.body['grant']).toBeUndefined();
    expect(await stepUpEvents(adminId)).toEqual(['StepUpRefused']);
    expect(await api.storedText()).not.toContain('not-my-password');
  });

  it('allows five step-ups per admin per hour, wrong passwords included, then answers 429 with Retry-After', async () => {
    const { adminId, memberId, auth } = await adminAndMember();
    const start = api.clock.now;
    try {
      for (const [minute, password] of [[0, 'wrong-1'], [1, PASSWORD], [2, 'wrong-2'], [3, PASSWORD], [4, PASSWORD]] as const) {
        api.clock.now = new Date(start.getTime() + minute * MINUTE);
        expect((await grantFor(memberId, auth, password)).status).toBe(password === PASSWORD ? 200 : 400);
      }
      api.clock.now = new Date(start.getTime() + 10 * MINUTE);
      for (const password of [PASSWORD, 'wrong-3']) {
        const limited = await grantFor(memberId, auth, password);
        expect(limited.status).toBe(429);
        expect(limited.headers.get('retry-after')).toBe(String(50 * 60));
        expect(limited.body['message']).toBe('You have asked to reveal private keys 5 times in the last hour, the most allowed. Please try again in 50 minutes.');
      }
      // Throttled attempts are neither verified nor recorded.
      expect(await stepUpEvents(adminId)).toEqual(['StepUpRefused', 'StepUpGranted', 'StepUpRefused', 'StepUpGranted', 'StepUpGranted']);

      // Another admin is not held back by this one.
      const other = await adminAndMember();
      expect((await grantFor(other.memberId, other.auth)).status).toBe(200);

      api.clock.now = new Date(start.getTime() + 60 * MINUTE);
      expect((await grantFor(memberId, auth)).status).toBe(200);
      expect((await grantFor(memberId, auth)).headers.get('retry-after')).toBe(String(MINUTE / 1000));
    } finally {
      api.clock.now = start;
    }
  });

  it('holds the limit exactly when many step-ups of one admin race', async () => {
    const { adminId, memberId, auth } = await adminAndMember();
    const replies = await Promise.all(Array.from({ length: 8 }, () => grantFor(memberId, auth)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await stepUpEvents(adminId)).toHaveLength(5);
  });

  it('answers a missing password or reason with 400 and the field, recording nothing', async () => {
    const { memberId, auth } = await adminAndMember();
    const before = await api.head();
    const noPassword = await api.send('POST', `/wallets/user/${memberId}/private-key/grant`, { reason: REASON }, auth);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body['message']).toBe('Password is required');
    const blankReason = await grantFor(memberId, auth, PASSWORD, '   ');
    expect(blankReason.status).toBe(400);
    expect(blankReason.body['message']).toBe('Reason is required');
    const longReason = await grantFor(memberId, auth, PASSWORD, 'x'.repeat(501));
    expect(longReason.body['message']).toBe('Reason must be at most 500 characters');
    expect(await api.head()).toBe(before);
  });

  it('answers 404 for a member without an address before asking anything, and keeps keys and grants from members', async () => {
    const { adminId, auth } = await adminAndMember();
    const noAddress = await api.seedUser({ email: `noaddress-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD });
    const before = await api.head();
    for (const id of [noAddress, 'no-such-member', encodeURIComponent('bad id!')]) {
      expect((await grantFor(id, auth, 'wrong')).body).toMatchObject({ status: 404, message: NO_DEPOSIT_ADDRESS_MESSAGE });
      expect((await reveal(id, auth, 'x'.repeat(43))).body).toMatchObject({ status: 404, message: NO_DEPOSIT_ADDRESS_MESSAGE });
    }
    expect(await api.head()).toBe(before);
    expect(await stepUpEvents(adminId)).toEqual([]);

    const { memberId } = await adminAndMember();
    const member = { authorization: api.bearer(memberId) };
    expect((await grantFor(memberId, member, 'Analytical1')).status).toBe(403);
    expect((await reveal(memberId, member, 'x'.repeat(43))).status).toBe(403);
  });

  it('shows no key and spends no grant when the configured mnemonic does not derive the stored address', async () => {
    const { adminId, auth } = await adminAndMember();
    const member = randomUUID();
    const { deposit } = await assignDepositAddress({ eventStore: api.store, mnemonic: OTHER_MNEMONIC }, { userId: member }, system());
    const grant = String((await grantFor(member, auth)).body['grant']);
    const reply = await reveal(member, auth, grant);
    expect(reply.status).toBe(500);
    expect(reply.body['privateKey']).toBeUndefined();
    expect(JSON.stringify(reply.body)).not.toContain(deriveDepositWallet(MNEMONIC, deposit.derivationIndex).privateKey);
    expect(await stepUpEvents(adminId)).toEqual(['StepUpGranted']);
  });
});
