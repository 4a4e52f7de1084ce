import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDigest } from '../../event-store/hash-chain.js';
import type { EventStore } from '../../event-store/port.js';
import { testEvent } from '../../event-store/testing/events.js';
import type { TestSchemas } from '../../testing/postgres.js';
import { signTestCheckpoint, testAuditKey } from '../testing/checkpoint.js';
import { seededStore } from '../testing/seeded-store.js';
import { checkExport } from './check.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_V1, type ExportEvent, type ExportFilter } from './format.js';
import { exportLines } from './write.js';

async function* from(lines: readonly string[]) {
  yield* lines;
}

/** An argon2id PHC string and a token's SHA-256 as events recorded before the credential store carry them. */
const LEGACY_PASSWORD_HASH = '$argon2id$v=19$m=65536,t=3,p=4$bGVnYWN5c2FsdGxlZ2FjeQ$3Xk0JqT8pZ1m9bq7vF2yXoA6s4c0d8e1f2a3b4c5d6e';
const LEGACY_TOKEN_HASH = '7d1f'.repeat(16);
const at = '2025-02-01T09:00:00.000Z';

describe('exports of a chained PostgreSQL store, checked offline', () => {
  const { key } = testAuditKey();
  let schemas: TestSchemas;
  let store: EventStore;
  beforeAll(async () => {
    ({ schemas, store } = await seededStore('auditexportcheck', 3, 6));
    // Events as recorded before the credential store: the hashes themselves in their data.
    await store.appendToStream(
      'user-legacy',
      [
        testEvent('UserRegistered', { userId: 'legacy', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', passwordHash: LEGACY_PASSWORD_HASH, role: 'user', registeredAt: at }),
        testEvent('UserPasswordChanged', { userId: 'legacy', passwordHash: LEGACY_PASSWORD_HASH.replace('3Xk0', '9Zq1'), changedAt: at }),
        testEvent('UserProfileUpdated', { userId: 'legacy', firstName: 'Ada', lastName: 'Lovelace', updatedAt: at }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const session = { sessionId: 'legacy', userId: 'legacy', tokenHash: LEGACY_TOKEN_HASH, rememberMe: false, issuedAt: at, expiresAt: at };
    await store.appendToStream('session-legacy', [testEvent('RefreshSessionIssued', session)], { expectedRevision: 'no_stream' });
    await signTestCheckpoint(store, key);
  }, 30_000);
  afterAll(async () => schemas?.drop());

  const exported = async (filter: ExportFilter, publicKey = key) => {
    const lines: string[] = [];
    for await (const line of exportLines(store, { filter, publicKey, pageSize: 4 })) lines.push(line);
    return lines;
  };

  it('verifies a category export with every checkpointed head of the category reached', async () => {
    const lines = await exported({ category: 'account' });
    const check = await checkExport(from(lines), key);
    expect([check.problems, check.events, check.streams, check.headsMatched, check.checkpoint?.sequence]).toEqual([[], 18, 3, 3, 1]);
  });

  it('verifies an export that starts mid-stream by time from the previousHash it carries, and refuses the same start without a time range', async () => {
    const events = await store.readStream('account-1');
    const middle = events[3]?.recordedAt ?? '';
    const lines = await exported({ stream: 'account-1', from: middle });
    const first = JSON.parse(lines[1] ?? '{}') as { revision: string };
    expect(Number(first.revision)).toBeGreaterThan(0);
    expect((await checkExport(from(lines), key)).problems).toEqual([]);
    const header = JSON.parse(lines[0] ?? '{}') as { filter: ExportFilter };
    const unranged = [JSON.stringify({ ...header, filter: { stream: 'account-1' } }), ...lines.slice(1)];
    expect((await checkExport(from(unranged), key)).problems[0]).toEqual({ line: 2, message: expect.stringContaining('revisions 0 to') });
  });

  it('refuses a checkpoint whose signature does not hold, a key other than the trusted one, a rewritten head and a file cut short', async () => {
    const lines = await exported({ stream: 'account-2' });
    const header = JSON.parse(lines[0] ?? '{}') as { checkpoint: { merkleRoot: string }; heads: { hash: string }[] };
    const forged = [JSON.stringify({ ...header, checkpoint: { ...header.checkpoint, events: 1 } }), ...lines.slice(1)];
    expect((await checkExport(from(forged), key)).problems).toEqual([{ line: 1, message: expect.stringContaining('the signature does not match its fields') }]);
    const otherKey = testAuditKey().key;
    expect((await checkExport(from(lines), otherKey)).problems.map((p) => p.message)).toEqual([
      `the header's public key ${key.keyId} is not the trusted key ${otherKey.keyId}`,
      `the checkpoint was signed by key ${key.keyId}, not ${otherKey.keyId}`,
    ]);
    const movedHead = [JSON.stringify({ ...header, heads: header.heads.map((h) => ({ ...h, hash: 'e'.repeat(64) })) }), ...lines.slice(1)];
    expect((await checkExport(from(movedHead), key)).problems[0]?.message).toContain('do not lead to the checkpoint');
    const cut = await checkExport(from(lines.slice(0, -2)), key);
    expect(cut.problems.map((p) => [p.line, p.message])).toEqual([
      [lines.length - 1, 'the file ends without its trailer: it was cut short'],
      [lines.length - 1, 'account-2 ends at revision 4: the signed checkpoint recorded it up to revision 5 (its tail is missing)'],
    ]);
  });

  describe('credential material in events recorded before the credential store', () => {
    const legacyExport = () => exported({ stream: 'user-legacy' });
    const eventLines = (lines: readonly string[]) => lines.slice(1, -1).map((line) => JSON.parse(line) as ExportEvent);
    /** The lines with `lines[index]` (line index + 1 of the file) replaced by `change` of it. */
    const editLine = (lines: readonly string[], index: number, change: (event: ExportEvent) => ExportEvent) =>
      lines.map((line, i) => (i === index ? JSON.stringify(change(JSON.parse(line) as ExportEvent)) : line));

    it('leaves the hashes out of the file, and the offline check still holds every link and says which fields it could not see', async () => {
      const lines = await exported({});
      const text = lines.join('\n');
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ format: EXPORT_FORMAT });
      expect(text).not.toContain('$argon2id$');
      expect(text).not.toContain(LEGACY_TOKEN_HASH);
      const user = eventLines(lines).filter((event) => event.stream === 'user-legacy');
      expect(user.map((event) => [event.type, event.withheld, Object.keys(event.data).includes('passwordHash')])).toEqual([
        ['UserRegistered', ['passwordHash'], false],
        ['UserPasswordChanged', ['passwordHash'], false],
        ['UserProfileUpdated', undefined, false],
      ]);
      expect(user[0]?.data).toEqual({ userId: 'legacy', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', role: 'user', registeredAt: at });
      const check = await checkExport(from(lines), key);
      expect(check.problems).toEqual([]);
      expect(check.withheld).toEqual({ events: 3, fields: { passwordHash: 2, tokenHash: 1 } });
      // The withheld events' heads are the signed ones: every stream's but the checkpoint stream's own.
      expect([check.streams, check.headsMatched]).toEqual([6, 5]);
    });

    it('refuses a digest given for an ordinary event or field, even a true one: an export cannot hide arbitrary content', async () => {
      const lines = await legacyExport();
      const withDigest = (event: ExportEvent, withheld: string[]): ExportEvent => ({
        ...event,
        data: Object.fromEntries(Object.entries(event.data).filter(([field]) => !withheld.includes(field))),
        withheld,
        contentDigest: contentDigest({ streamId: event.stream, id: event.id, type: event.type, data: event.data, metadata: event.metadata }).toString('hex'),
      });
      // The profile update's new name hidden behind its own, true digest.
      const hiddenName = await checkExport(from(editLine(lines, 3, (event) => withDigest(event, ['lastName']))), key);
      expect(hiddenName.problems).toEqual([{ line: 4, message: 'user-legacy revision 2: withholds lastName of UserProfileUpdated, which is not credential material: an export may withhold only credential fields' }]);
      // A field of a credential event that is not its credential.
      const hiddenEmail = await checkExport(from(editLine(lines, 1, (event) => withDigest({ ...event, data: { ...event.data, passwordHash: LEGACY_PASSWORD_HASH } }, ['email']))), key);
      expect(hiddenEmail.problems[0]?.message).toContain('withholds email of UserRegistered, which is not credential material');
      const bareDigest = await checkExport(from(editLine(lines, 3, (event) => ({ ...withDigest(event, []), withheld: [] }))), key);
      expect(bareDigest.problems[0]?.message).toContain('a contentDigest without the withheld fields it stands for');
      const noDigest = await checkExport(from(editLine(lines, 1, ({ contentDigest: _, ...event }) => event)), key);
      expect(noDigest.problems[0]?.message).toContain('without the contentDigest');
      // The refused line counts for nothing; the two true withholdings of the file do.
      expect(hiddenName.withheld).toEqual({ events: 2, fields: { passwordHash: 2 } });
    });

    it('refuses a tampered digest, a withheld field still shown, and an edit of an ordinary event beside them', async () => {
      const lines = await legacyExport();
      const tampered = await checkExport(from(editLine(lines, 1, (event) => ({ ...event, contentDigest: 'e'.repeat(64) }))), key);
      expect(tampered.problems).toEqual([{ line: 2, message: expect.stringContaining('user-legacy revision 0: recorded hash') }]);
      expect(tampered.problems[0]?.message).toContain('its contentDigest chains to');
      const shown = await checkExport(from(editLine(lines, 1, (event) => ({ ...event, data: { ...event.data, passwordHash: 'x' } }))), key);
      expect(shown.problems[0]?.message).toBe('user-legacy revision 0: withholds passwordHash yet shows it in data');
      // The hash of the profile update (an ordinary event) is still recomputed from what it shows.
      const renamed = await checkExport(from(editLine(lines, 3, (event) => ({ ...event, data: { ...event.data, lastName: 'Babbage' } }))), key);
      expect(renamed.problems[0]?.message).toContain('the content hashes to');
    });

    it('still reads format 1 files, which may withhold nothing', async () => {
      const accounts = await exported({ stream: 'account-0' });
      const header = JSON.parse(accounts[0] ?? '{}') as { format: string };
      const formatOne = (lines: readonly string[]) => [JSON.stringify({ ...header, format: EXPORT_FORMAT_V1 }), ...lines.slice(1)];
      expect((await checkExport(from(formatOne(accounts)), key)).problems).toEqual([]);
      const legacy = await legacyExport();
      const legacyHeader = JSON.parse(legacy[0] ?? '{}') as { format: string };
      const withheldInOne = [JSON.stringify({ ...legacyHeader, format: EXPORT_FORMAT_V1 }), ...legacy.slice(1)];
      expect((await checkExport(from(withheldInOne), key)).problems[0]?.message).toContain('format 1 withholds nothing');
    });
  });
});
