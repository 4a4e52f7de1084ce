import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRoutes } from '@concierge/contracts';
import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { auditPublicKeyFromPem } from '@concierge/platform/audit/audit-key';
import { checkExport } from '@concierge/platform/audit/export/check';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createAccount, PASSWORD, signedInAdmin, signIn } from './accounts.js';
import { appendLegacyCredentials, type LegacyCredentials } from './legacy-credentials.js';
import { linkIn, waitForMail } from './outbox.js';
import { startProduct, type RunningProduct } from './product.js';

/**
 * Issue 23, item 2: no credential material is readable through the audit side. Through the gateway
 * on the real services, a member registers, confirms, is approved, signs in, refreshes and resets
 * the password; then an auditor and an admin read every audit route and export, and find no
 * argon2id hash and no hash of any secret the test saw issued. Events recorded before the credential
 * store, which carry the hashes themselves, are appended straight to the store: no route, export or
 * admin view shows those hashes either, and every export still checks offline.
 */
describe('credential material on the audit side', () => {
  let product: RunningProduct;
  let base: string;
  let admin: string;
  let auditor: string;
  let memberId = '';
  /** The hex SHA-256 of every secret issued to the member (link, refresh tokens, reset link). */
  const secretHashes: string[] = [];
  let legacy: LegacyCredentials;

  const send = (method: string, path: string, authorization?: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    // Both readers start a replay-verify run; the minimum interval between full runs is not under test.
    product = await startProduct('auditcreds', { upWithinMs: 170_000, env: { REPLAY_VERIFY_MIN_INTERVAL_MS: '0' } });
    base = product.base;
    admin = await signedInAdmin(base, product.schemas);
    const auditorEmail = `auditor-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(product.schemas, auditorEmail, 'auditor');
    auditor = (await signIn(base, auditorEmail)).authorization;

    const email = `member-${randomUUID().slice(0, 8)}@example.com`;
    expect((await send('POST', '/auth/register', undefined, { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD })).status).toBe(201);
    const token = linkIn(await waitForMail(product.dataDir, email, 'Confirm your email'), '/verify-email').searchParams.get('token') ?? '';
    secretHashes.push(hashToken(token.slice(token.indexOf('.') + 1)));
    memberId = token.slice(0, token.indexOf('.'));
    expect((await send('POST', '/auth/verify-email', undefined, { token })).status).toBe(200);
    expect((await send('POST', `/users/${memberId}/approve`, admin, {})).status).toBe(200);

    const session = await signIn(base, email);
    secretHashes.push(hashToken(session.refreshToken));
    const refreshed = await send('POST', '/auth/refresh-token', undefined, { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    secretHashes.push(hashToken(((await refreshed.json()) as { refreshToken: string }).refreshToken));

    expect((await send('POST', '/auth/forgot-password', undefined, { email })).status).toBe(200);
    const resetToken = linkIn(await waitForMail(product.dataDir, email, 'Reset your'), '/reset-password').searchParams.get('token') ?? '';
    secretHashes.push(hashToken(resetToken), hashToken(resetToken.slice(32)));
    expect((await send('POST', '/auth/reset-password', undefined, { token: resetToken, newPassword: 'Second-pass1' })).status).toBe(200);

    const { pool, connectionString, eventStoreSchema } = product.schemas;
    legacy = await appendLegacyCredentials(createPgEventStore({ pool, connectionString, schema: eventStoreSchema }));
    // The users and audit stream read models have taken the legacy account in.
    for (const path of [`/users/${legacy.userId}`, `/audit/streams?search=${legacy.userId}`]) {
      const response = await fetch(`${base}/api${path}`, { headers: { authorization: admin, 'x-min-position': legacy.position } });
      expect([path, response.status, response.headers.get('x-position-reached')]).toEqual([path, 200, 'true']);
    }
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
  });

  /**
   * Every audit route's answers as `authorization` sees them, concatenated, and the users views; fails
   * on any route it does not know how to read. Each stream's export is checked offline as it is read:
   * `withheld` adds up what the exports say they withheld.
   */
  async function readEverything(authorization: string): Promise<{ everything: string; withheld: Record<string, number> }> {
    const texts: string[] = [];
    const withheld: Record<string, number> = {};
    const read = async (path: string, method = 'GET') => {
      const response = await send(method, path, authorization, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      const text = await response.text();
      texts.push(text);
      return text;
    };
    const streamIds: string[] = [];
    for (let page = 1; ; page += 1) {
      const { streams, total } = JSON.parse(await read(`/audit/streams?limit=100&page=${page}`)) as { streams: { streamId: string }[]; total: number };
      streamIds.push(...streams.map((s) => s.streamId));
      if (streamIds.length >= total || streams.length === 0) break;
    }
    for (let page = 1; ; page += 1) {
      const { events } = JSON.parse(await read(`/audit/events?limit=100&page=${page}`)) as { events: unknown[] };
      if (events.length < 100) break;
    }
    const { auditKey } = JSON.parse(await read('/audit/verification')) as { auditKey: { pem: string } | null };
    const trusted = auditKey ? auditPublicKeyFromPem(auditKey.pem) : undefined;
    for (const streamId of streamIds) {
      await read(`/audit/streams/${encodeURIComponent(streamId)}?limit=100`);
      const exported = await read(`/audit/export?stream=${encodeURIComponent(streamId)}`);
      const check = await checkExport(lines(exported), trusted);
      expect(check.problems, `the export of ${streamId} checked offline`).toEqual([]);
      for (const [field, count] of Object.entries(check.withheld.fields)) withheld[field] = (withheld[field] ?? 0) + count;
    }
    for (const userId of [memberId, legacy.userId]) await read(`/audit/members/${userId}/at?instant=${encodeURIComponent(new Date().toISOString())}`);
    // The admin's (and the auditor's) views of accounts, folded by the users projection.
    await read(`/users?search=${encodeURIComponent(legacy.email)}`);
    await read(`/users/${legacy.userId}`);
    await read(`/users/${memberId}`);
    if (authorization === admin) {
      await read('/users/pending?limit=50');
      await read('/users/stats');
    }
    const started = JSON.parse(await read('/audit/replay-verifications', 'POST')) as { id?: string; runId?: string };
    await read('/audit/replay-verifications/latest');
    const runId = started.id ?? started.runId;
    if (runId) await read(`/audit/replay-verifications/${runId}`);
    await read('/audit/verification');
    await read('/audit/verification/tail', 'POST');
    return { everything: texts.join('\n'), withheld };
  }

  async function* lines(text: string) {
    yield* text.trimEnd().split('\n');
  }

  it('reads every audit route, export and users view, as an auditor and as an admin, and finds no password hash and no hash of a secret, legacy events included; every export checks offline', async () => {
    const covered = ['audit.streams', 'audit.stream', 'audit.all', 'audit.memberAt', 'audit.startReplayVerification', 'audit.latestReplayVerification', 'audit.replayVerification', 'audit.export', 'audit.verification', 'audit.verifyTail'];
    // A new audit route must be read here too before this test passes again.
    expect(Object.values(auditRoutes).map((route) => route.id).sort()).toEqual([...covered].sort());
    expect(secretHashes).toHaveLength(5);

    for (const [who, authorization] of [['auditor', auditor], ['admin', admin]] as const) {
      const { everything: answers, withheld } = await readEverything(authorization);
      // Not vacuous: the member's whole life is there, its password set twice, and the legacy account's, its password set four times.
      expect(answers, who).toContain(memberId);
      expect(answers, who).toContain(legacy.email);
      for (const type of ['UserRegistered', 'UserEmailVerified', 'RefreshSessionRotated', 'PasswordResetTokenUsed', 'UserPasswordReset', 'UserPasswordReplaced', 'StepUpGrantUsed']) {
        expect(answers, who).toContain(type);
      }
      // A legacy reset link's stream is named by its token's hash, which is in the chain: only that name shows it (see SECURITY.md).
      const everything = answers.replaceAll(`passwordReset-${legacy.resetStreamHash}`, 'passwordReset-<legacy link>');
      expect(everything.includes('$argon2id$'), `${who} reads an argon2id hash`).toBe(false);
      for (const hash of [...secretHashes, ...legacy.passwordHashes, ...legacy.secretHashes]) expect(everything.includes(hash), `${who} reads the hash ${hash}`).toBe(false);
      // The legacy events say what they do not show, and the exports say what they withheld.
      expect(answers, who).toContain('"withheld":["passwordHash"]');
      expect(withheld, who).toEqual({ passwordHash: 4, tokenHash: 5, grantHash: 2 });
    }
  }, 300_000);
});
