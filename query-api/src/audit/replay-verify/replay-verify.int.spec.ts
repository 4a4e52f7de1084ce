import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_VERIFICATIONS_COLLECTION, REPLAY_VERIFY, REPLAY_VERIFY_QUEUE, ReplayVerificationReport } from '@concierge/contracts';
import { startAuditorApi, type AuditorApi } from '../time-travel/testing/api.js';
import { NO_SUCH_VERIFICATION_MESSAGE, NO_VERIFICATION_YET_MESSAGE, NOT_QUEUED_MESSAGE } from './routes.js';

describe('the verification panel routes: start a replay-verification, read its report', () => {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(REPLAY_VERIFY_QUEUE, { connection: redis, prefix: `test-replayapi-${randomUUID().slice(0, 8)}` });
  let api: AuditorApi;
  let broken: AuditorApi;
  let auditor: string;

  beforeAll(async () => {
    api = await startAuditorApi('replayapi', { replayQueue: queue });
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

  it('starts a new one once the last has finished', async () => {
    const latest = ReplayVerificationReport.parse((await api.request('GET', '/audit/replay-verifications/latest', auditor)).body);
    await api.readStore.collection(REPLAY_VERIFICATIONS_COLLECTION).update(latest.id, { status: 'passed' });
    const next = await api.request('POST', '/audit/replay-verifications', auditor);
    expect(next.status).toBe(202);
    expect(next.body['id']).not.toBe(latest.id);
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
