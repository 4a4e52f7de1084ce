import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_VERIFICATIONS_COLLECTION, REPLAY_VERIFY_QUEUE, ReplayVerificationAccepted, ReplayVerificationReport, TimeTravelResponse } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import { startAuditorApi, type AuditorApi } from '../time-travel/testing/api.js';

/** Instants as people and programs get them wrong: near-valid forms, offsets, sub-milliseconds, garbage. */
const instant = fc.oneof(
  fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('', ' ', '2026-11-24', '2026-11-24T12:00', '2026-11-24T12:00:00.1234Z', '2026-02-30T00:00:00Z', '2026-11-24T25:00:00Z', 'now', '0', '-1', '1e309', 'null', '2026-11-24T12:00:00+05:30'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const pathText = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('..', '%', '%00', 'user-1', 'a'.repeat(65)));

describe('fuzzing the auditors time travel and replay-verify routes', () => {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(REPLAY_VERIFY_QUEUE, { connection: redis, prefix: `test-replayfuzz-${randomUUID().slice(0, 8)}` });
  let api: AuditorApi;
  let auditor: string;
  let journey: MemberJourney;

  beforeAll(async () => {
    api = await startAuditorApi('replayfuzz', { replayQueue: queue });
    auditor = await api.signIn('auditor');
    journey = await memberJourney(api.eventStore, 41);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
  });

  const expectHandled = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    if (answer.status >= 400) expect(String(answer.body['message'] ?? '').length, JSON.stringify(answer.body)).toBeGreaterThan(0);
  };

  it('answers every instant and member id with a rebuild or a clear 4xx, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(journey.userId), pathText), fc.array(instant, { maxLength: 2 }), async (userId, instants) => {
        const query = instants.map((i) => `instant=${encodeURIComponent(i)}`).join('&');
        const answer = await api.request('GET', `/audit/members/${encodeURIComponent(userId)}/at?${query}`, auditor);
        expectHandled(answer);
        if (answer.status === 200) expect(TimeTravelResponse.safeParse(answer.body).success).toBe(true);
        if (userId === journey.userId && instants.length === 1 && answer.status === 200) expect(answer.body['userId']).toBe(journey.userId);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('takes any body to start a verification as a 202 or a 400 that starts nothing, and any id as a report or a 404', async () => {
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, [], 'text', 42, true, {}));
    await fc.assert(
      fc.asyncProperty(body, pathText, async (value, id) => {
        const before = await api.readStore.collection(REPLAY_VERIFICATIONS_COLLECTION).count();
        const started = await api.request('POST', '/audit/replay-verifications', auditor, value);
        expectHandled(started);
        if (started.status === 202) expect(ReplayVerificationAccepted.safeParse(started.body).success).toBe(true);
        else expect(await api.readStore.collection(REPLAY_VERIFICATIONS_COLLECTION).count()).toBe(before);
        const read = await api.request('GET', `/audit/replay-verifications/${encodeURIComponent(id)}`, auditor);
        expectHandled(read);
        if (read.status === 200) expect(ReplayVerificationReport.safeParse(read.body).success).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
