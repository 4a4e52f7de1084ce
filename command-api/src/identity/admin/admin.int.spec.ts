import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ROLE_MESSAGE, OWN_STATUS_MESSAGE, USER_NOT_FOUND_MESSAGE } from '@concierge/domain/identity/user/decide';
import { PLAN_NOT_FOUND_MESSAGE } from '@concierge/domain/identity/admin/update-user';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';
import { USER_APPROVED_MESSAGE, USER_REJECTED_MESSAGE, USER_UPDATED_MESSAGE } from './routes.js';

const PASSWORD = 'Analytical1';

describe('admin user commands (POST /users/:id/approve, /users/:id/reject, PUT /users/:id)', () => {
  let api: IdentityApi;
  let adminId: string;
  let admin: Record<string, string>;
  const typesOf = async (userId: string) => (await api.store.readStream(`user-${userId}`)).map((e) => e.type);
  const pending = () => api.seedUser({ email: `${randomUUID()}@example.com`, password: PASSWORD, status: 'pending' });

  beforeAll(async () => {
    api = await startIdentityApi('admin');
    adminId = await api.seedUser({ email: 'admin@example.com', password: PASSWORD, role: 'admin' });
    admin = { authorization: api.bearer(adminId, 'admin') };
  });
  afterAll(async () => {
    await api?.close();
  });

  it('approves a pending registration, so the member can sign in; approving again changes nothing', async () => {
    const userId = await api.seedUser({ email: 'member@example.com', password: PASSWORD, status: 'pending' });
    const first = await api.send('POST', `/users/${userId}/approve`, undefined, admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: USER_APPROVED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    const [, approved] = await api.store.readStream(`user-${userId}`);
    expect(approved?.type).toBe('UserApproved');
    expect(approved?.metadata.actor).toEqual({ type: 'user', userId: adminId, role: 'admin' });
    expect((await api.send('POST', '/auth/login', { email: 'member@example.com', password: PASSWORD })).status).toBe(200);

    const again = await api.send('POST', `/users/${userId}/approve`, {}, admin);
    expect(again.status).toBe(200);
    expect(again.body['position']).toBeNull();
    expect(await typesOf(userId)).toEqual(['UserRegistered', 'UserApproved']);
  });

  it('rejects a pending registration with the reason the SPA sends', async () => {
    const userId = await pending();
    const response = await api.send('POST', `/users/${userId}/reject`, { reason: 'generic reason' }, admin);
    expect(response.status).toBe(200);
    expect(response.body['message']).toBe(USER_REJECTED_MESSAGE);
    const last = (await api.store.readStream(`user-${userId}`)).at(-1);
    expect(last?.type).toBe('UserRejected');
    expect(last?.data['reason']).toBe('generic reason');
    const missing = await api.send('POST', `/users/${userId}/reject`, {}, admin);
    expect(missing.status).toBe(400);
    expect(missing.body['message']).toBe('Reason is required');
  });

  it('answers 409 for approving a rejected account and rejecting an approved one, appending nothing', async () => {
    const userId = await pending();
    await api.send('POST', `/users/${userId}/reject`, { reason: 'generic reason' }, admin);
    const head = await api.head();
    const approve = await api.send('POST', `/users/${userId}/approve`, undefined, admin);
    expect(approve.status).toBe(409);
    expect(approve.body['message']).toBe('Only a pending registration can be approved; this account is rejected.');
    const reject = await api.send('POST', `/users/${adminId}/reject`, { reason: 'generic reason' }, admin);
    expect(reject.status).toBe(409);
    expect(await api.head()).toBe(head);
  });

  it('answers 404 "No user found with this ID." for an unknown user', async () => {
    for (const [method, path, body] of [
      ['POST', `/users/${randomUUID()}/approve`, undefined],
      ['POST', `/users/${randomUUID()}/reject`, { reason: 'generic reason' }],
      ['PUT', `/users/${randomUUID()}`, { status: 'approved' }],
    ] as const) {
      const response = await api.send(method, path, body, admin);
      expect(response.status).toBe(404);
      expect(response.body['message']).toBe(USER_NOT_FOUND_MESSAGE);
    }
  });

  it('updates status, role and plan with one event per change, and nothing for a repeat', async () => {
    const userId = await pending();
    const planId = randomUUID();
    const now = new Date().toISOString();
    await api.store.appendToStream(
      `plan-${planId}`,
      [
        {
          id: randomUUID(),
          type: 'SubscriptionPlanCreated',
          data: { planId, name: 'Premium', feePercentage: '2.5', description: '', isActive: true, createdAt: now },
          metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: now, schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const body = { status: 'approved', role: 'admin', subscriptionPlan: planId };
    const response = await api.send('PUT', `/users/${userId}`, body, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: USER_UPDATED_MESSAGE, position: expect.stringMatching(/^\d+-\d+$/) });
    expect(await typesOf(userId)).toEqual(['UserRegistered', 'UserApproved', 'UserRoleChanged', 'UserSubscriptionPlanChanged']);

    const repeat = await api.send('PUT', `/users/${userId}`, body, admin);
    expect(repeat.body['position']).toBeNull();
    const suspend = await api.send('PUT', `/users/${userId}`, { status: 'suspended', role: 'admin', subscriptionPlan: '' }, admin);
    expect(suspend.status).toBe(200);
    const events = await api.store.readStream(`user-${userId}`);
    expect(events.slice(4).map((e) => [e.type, e.data['to'] ?? e.data['planId']])).toEqual([
      ['UserStatusChanged', 'suspended'],
      ['UserSubscriptionPlanChanged', null],
    ]);
  });

  it('refuses a plan that does not exist', async () => {
    const userId = await pending();
    const response = await api.send('PUT', `/users/${userId}`, { subscriptionPlan: 'no-such-plan' }, admin);
    expect(response.status).toBe(400);
    expect(response.body['message']).toBe(PLAN_NOT_FOUND_MESSAGE);
    expect(await typesOf(userId)).toEqual(['UserRegistered']);
  });

  it('does not let an admin demote or suspend themselves', async () => {
    const role = await api.send('PUT', `/users/${adminId}`, { role: 'user' }, admin);
    expect(role.status).toBe(409);
    expect(role.body['message']).toBe(OWN_ROLE_MESSAGE);
    const status = await api.send('PUT', `/users/${adminId}`, { status: 'suspended' }, admin);
    expect(status.status).toBe(409);
    expect(status.body['message']).toBe(OWN_STATUS_MESSAGE);
    const otherAdmin = await api.seedUser({ email: 'second-admin@example.com', password: PASSWORD, role: 'admin' });
    expect((await api.send('PUT', `/users/${otherAdmin}`, { role: 'user' }, admin)).status).toBe(200);
  });

  it('refuses members and anonymous callers', async () => {
    const userId = await pending();
    const member = await api.seedUser({ email: 'plain@example.com', password: PASSWORD });
    const asMember = await api.send('POST', `/users/${userId}/approve`, undefined, { authorization: api.bearer(member) });
    expect(asMember.status).toBe(403);
    expect((await api.send('POST', `/users/${userId}/approve`)).status).toBe(401);
    expect(await typesOf(userId)).toEqual(['UserRegistered']);
  });
});
