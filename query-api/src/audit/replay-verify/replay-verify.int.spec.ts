import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_VERIFICATIONS_COLLECTION, REPLAY_VERIFY, REPLAY_VERIFY_QUEUE, ReplayVerificationReport } from '@concierge/contracts';
import { startAuditorApi, type AuditorApi } from '../time-travel/testing/api.js';
import { DEFAULT_REPLAY_MIN_INTERVAL_MS, NO_SUCH_VERIFICATION_MESSAGE, NO_VERIFICATION_YET_MESSAGE, NOT_QUEUED_MESSAGE, tooSoonMessage } from './routes.js';
import { redisStartLock } from './start-lock.js';

describe('the verification panel routes: start a replay-verification, read its report', () => {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const prefix = `test-replayapi-${randomUUID().slice(0, 8)}`;
  const queue = new Queue(REPLAY_VERIFY_QUEUE, { connection: redis, prefix });
  let api: AuditorApi;
  let broken: AuditorApi;
  let auditor: string;

  beforeAll(async () => {
    api = await startAuditorApi('replayapi', { replayQueue: queue, replayStartLock: redisStartLock(redis, prefix) });
    broken = await startAuditorApi('replayapibroken', { replayQueue: { add: () => Promise.reject(new Error('Connection is closed.')) } });
    auditor = await api.signIn('auditor');
  });
  afterAll(async () => {
    await api?.close();
    await broken?.close();
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
  });

  it('says no verification was run before the first one', async () => {
    expect(await api.request('GET', '/audit/replay-verifications/latest', auditor)).toMatchObject({ status: 404, body: { message: NO_VERIFICATION_YET_MESSAGE } });
  });

  it('queues one job per verification for an auditor, answers 202 with its id, and shows it queued by id and as the latest', async () => {
    const started = await api.request('POST', '/audit/replay-verifications', auditor, {});
    expect(started).toMatchObject({ status: 202, body: { status: 'queued' } });
    const id = String(started.body['id']);
    const job = await queue.getJob(id);
    expect(job?.name).toBe(REPLAY_VERIFY);
    // The request's id (here one the API assigned) goes with the job for the worker's log.
    expect(job?.data).toMatchObject({ verificationId: id, requestedBy: { role: 'auditor' }, correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const byId = await api.request('GET', `/audit/replay-verifications/${id}`, auditor);
    expect(byId.status).toBe(200);
    expect(ReplayVerificationReport.parse(byId.body)).toMatchObject({ id, status: 'queued', differenceCount: 0, startedAt: null });
    expect((await api.request('GET', '/audit/replay-verifications/latest', await api.signIn('admin'))).body).toMatchObject({ id });

    // While it waits, another click answers the same verification rather than queueing a second rebuild.
    const again = await api.request('POST', '/audit/replay-verifications', await api.signIn('admin'));
    expect(again).toMatchObject({ status: 202, body: { id, status: 'queued' } });
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
  });

  /** Marks the latest verification finished with this status, `minutesAgo` minutes ago. */
  async function finishLatest(status: 'passed' | 'failed' | 'error', minutesAgo: number): Promise<ReplayVerificationReport> {
    const latest = ReplayVerificationReport.parse((await api.request('GET', '/audit/replay-verifications/latest', auditor)).body);
    const finishedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await api.readStore.collection(REPLAY_VERIFICATIONS_COLLECTION).update(latest.id, { status, finishedAt });
    return { ...latest, status, finishedAt };
  }

  it('holds a new full run off for the minimum interval after the last one finished: 429 with Retry-After and when it may start', async () => {
    const latest = await finishLatest('passed', 5);
    const soon = await api.request('POST', '/audit/replay-verifications', auditor);
    expect(soon.status).toBe(429);
    const retryAfter = Number(soon.headers.get('retry-after'));
    // 15 minutes by default, 5 of them gone.
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(soon.body['message']).toBe(tooSoonMessage(String(latest.finishedAt ?? ''), new Date(Date.parse(latest.finishedAt ?? '') + DEFAULT_REPLAY_MIN_INTERVAL_MS)));
    expect(soon.body['message']).toMatch(/^A full replay-verification finished at \d\d:\d\d UTC \(its report is shown\); the next can start at \d\d:\d\d UTC\./);
    expect((await api.request('GET', '/audit/replay-verifications/latest', auditor)).body).toMatchObject({ id: latest.id });
  });

  it('starts a new one once the interval has passed, and at once after a run that ended in error', async () => {
    const passed = await finishLatest('failed', 16);
    const next = await api.request('POST', '/audit/replay-verifications', auditor);
    expect(next.status).toBe(202);
    expect(next.body['id']).not.toBe(passed.id);
    const errored = await finishLatest('error', 0);
    const again = await api.request('POST', '/audit/replay-verifications', auditor);
    expect(again.status).toBe(202);
    expect(again.body['id']).not.toBe(errored.id);
  });

  it('answers simultaneous starts with one run: the same id to every caller and one job queued', async () => {
    await finishLatest('passed', 60);
    const waitingBefore = (await queue.getJobCounts('waiting'))['waiting'] ?? 0;
    const callers = [auditor, await api.signIn('admin'), await api.signIn('auditor')];
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => api.request('POST', '/audit/replay-verifications', callers[i % 3] ?? auditor)));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(202));
    expect(new Set(answers.map((a) => a.body['id'])).size).toBe(1);
    expect((await queue.getJobCounts('waiting'))['waiting']).toBe(waitingBefore + 1);
  });

  it('refuses members and names an unknown verification', async () => {
    const member = await api.signIn('user');
    expect((await api.request('POST', '/audit/replay-verifications', member)).status).toBe(403);
    expect((await api.request('GET', '/audit/replay-verifications/latest', member)).status).toBe(403);
    expect(await api.request('GET', `/audit/replay-verifications/${randomUUID()}`, auditor)).toMatchObject({ status: 404, body: { message: NO_SUCH_VERIFICATION_MESSAGE } });
  });

  it('answers 503 when the queue cannot be reached, and the report says it was never queued', async () => {
    const caller = await broken.signIn('auditor');
    expect(await broken.request('POST', '/audit/replay-verifications', caller)).toMatchObject({ status: 503, body: { message: NOT_QUEUED_MESSAGE } });
    const latest = await broken.request('GET', '/audit/replay-verifications/latest', caller);
    expect(latest.body).toMatchObject({ status: 'error', error: NOT_QUEUED_MESSAGE });
  });
});
