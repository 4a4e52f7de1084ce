import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeTravelResponse } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { NO_MEMBER_MESSAGE } from './routes.js';
import { startAuditorApi, type AuditorApi } from './testing/api.js';

const at = (userId: string, instant: string) => `/audit/members/${encodeURIComponent(userId)}/at?instant=${encodeURIComponent(instant)}`;
const before = (instant: string) => new Date(Date.parse(instant) - 1).toISOString();

describe('GET /audit/members/:userId/at: time travel for auditors and admins', () => {
  let api: AuditorApi;
  let journey: MemberJourney;
  let account: RecordedEvent[];
  let auditor: string;

  beforeAll(async () => {
    api = await startAuditorApi('timetravelapi');
    journey = await memberJourney(api.eventStore, 2);
    account = await api.eventStore.readStream(`account-${journey.userId}`);
    auditor = await api.signIn('auditor');
  });
  afterAll(async () => api?.close());

  it("answers the member's balance just before and at the instant of a deposit, exactly", async () => {
    const deposit = account.find((e) => e.type === 'DepositRecorded');
    expect(deposit?.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const instant = deposit?.recordedAt ?? '';
    const justBefore = await api.request('GET', at(journey.userId, before(instant)), auditor);
    const atDeposit = await api.request('GET', at(journey.userId, instant), await api.signIn('admin'));
    expect(justBefore.status).toBe(200);
    expect(TimeTravelResponse.parse(justBefore.body).account.balance).toEqual({ micro: '0', usdc: '0' });
    expect(atDeposit.status).toBe(200);
    expect(TimeTravelResponse.parse(atDeposit.body).account.balance).toEqual({ micro: '97500000', usdc: '97.5' });
  });

  it('shows a withdrawal pending from its request and rejected from its rejection', async () => {
    const rejection = account.find((e) => e.type === 'WithdrawalRejected');
    const instant = rejection?.recordedAt ?? '';
    const pending = TimeTravelResponse.parse((await api.request('GET', at(journey.userId, before(instant)), auditor)).body);
    const rejected = TimeTravelResponse.parse((await api.request('GET', at(journey.userId, instant), auditor)).body);
    expect(pending.account.withdrawals.map((w) => [w.withdrawalId, w.status])).toEqual([[journey.rejectedWithdrawalId, 'pending']]);
    expect(pending.account.reserved.micro).toBe('10000000');
    expect(rejected.account.withdrawals.map((w) => [w.withdrawalId, w.status])).toEqual([[journey.rejectedWithdrawalId, 'rejected']]);
    expect(rejected.account.reserved.micro).toBe('0');
  });

  it('refuses members, says which member is unknown, and explains an instant it cannot honour', async () => {
    const member = await api.signIn('user');
    expect((await api.request('GET', at(journey.userId, new Date().toISOString()), member)).status).toBe(403);
    const unknown = await api.request('GET', at('nobody-here', new Date().toISOString()), auditor);
    expect(unknown).toMatchObject({ status: 404, body: { message: NO_MEMBER_MESSAGE } });
    const fine = await api.request('GET', at(journey.userId, '2026-11-24T12:00:00.1234Z'), auditor);
    expect(fine.status).toBe(400);
    expect(JSON.stringify(fine.body)).toMatch(/to the millisecond/);
    const missing = await api.request('GET', `/audit/members/${journey.userId}/at`, auditor);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/instant is required/);
  });
});
