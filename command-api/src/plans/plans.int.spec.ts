import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_ID, PLAN_DELETED_MESSAGE, PLAN_SAVED_MESSAGE } from '@concierge/contracts';
import { planAggregate } from '@concierge/domain/plans/decide';
import { seedCatalog } from '@concierge/domain/plans/seed-catalog';
import { startIdentityApi, type IdentityApi } from '../identity/testing/harness.js';

describe('subscription plans over HTTP', () => {
  let api: IdentityApi;
  let admin: string;
  let member: string;
  let asAdmin: Record<string, string>;
  let asMember: Record<string, string>;

  beforeAll(async () => {
    api = await startIdentityApi('plansroutes');
    await seedCatalog({ eventStore: api.store }, { defaultPlanFeePercentage: '0' }, { actor: { type: 'system' }, correlationId: 't', causationId: 't', now: api.clock.now });
    admin = await api.seedUser({ email: 'root@example.com', password: 'Str0ngPassw0rd', role: 'admin' });
    member = await api.seedUser({ email: 'ada@example.com', password: 'Str0ngPassw0rd' });
    asAdmin = { authorization: api.bearer(admin, 'admin') };
    asMember = { authorization: api.bearer(member) };
  });
  afterAll(async () => api?.close());

  const create = (body: unknown, headers = asAdmin) => api.send('POST', '/subscriptions', body, headers);

  it('creates a plan with its exact fee, and answers with it for the table', async () => {
    const reply = await create({ name: ' Gold ', feePercentage: '2.50', description: 'Most members' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      message: PLAN_SAVED_MESSAGE,
      plan: { name: 'Gold', feePercentage: 2.5, description: 'Most members', isActive: true, isDefault: false },
    });
    expect(typeof reply.body['position']).toBe('string');
    const id = (reply.body['plan'] as { id: string }).id;
    expect(await planAggregate.load({ eventStore: api.store }, id)).toMatchObject({ status: 'live', feePercentage: '2.5' });
  });

  it('refuses bad input with the form message and each field named, changing nothing', async () => {
    const before = await api.head();
    for (const [body, field, message] of [
      [{ name: '', feePercentage: 1 }, 'name', 'Plan name is required'],
      [{ name: 'X', feePercentage: 100.01 }, 'feePercentage', 'Fee percentage must be a number between 0 and 100'],
      [{ name: 'X', feePercentage: '1.234' }, 'feePercentage', 'Fee percentage can have at most 2 decimal places'],
      [{ name: 'X' }, 'feePercentage', 'Fee percentage is required'],
    ] as const) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body['message']).toBe('Please fill out the form correctly.');
      expect(JSON.stringify(reply.body['errors'])).toContain(message);
      expect(JSON.stringify(reply.body['errors'])).toContain(field);
    }
    expect(await api.head()).toBe(before);
  });

  it('refuses a name in use ignoring case with a 409 that names it', async () => {
    const reply = await create({ name: 'GOLD', feePercentage: 1 });
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toBe('A plan named Gold already exists. Choose another name.');
  });

  it('lets only admins manage plans: anonymous 401, member 403', async () => {
    const before = await api.head();
    for (const [method, path] of [
      ['POST', '/subscriptions'],
      ['PUT', `/subscriptions/${DEFAULT_PLAN_ID}`],
      ['DELETE', `/subscriptions/${DEFAULT_PLAN_ID}`],
    ] as const) {
      expect((await api.send(method, path, { name: 'Y', feePercentage: 1 })).status, `${method} ${path}`).toBe(401);
      expect((await api.send(method, path, { name: 'Y', feePercentage: 1 }, asMember)).status, `${method} ${path}`).toBe(403);
    }
    expect(await api.head()).toBe(before);
  });

  it('puts a member on a plan (naming the admin), refuses deleting it while they are on it, and charges its fee on deposits', async () => {
    const { body } = await create({ name: 'Platinum', feePercentage: 2.5 });
    const planId = (body['plan'] as { id: string }).id;
    const assigned = await api.send('PUT', `/users/${member}`, { subscriptionPlan: planId }, asAdmin);
    expect(assigned.status).toBe(200);
    const events = await api.store.readStream(`user-${member}`);
    expect(events.at(-1)).toMatchObject({ type: 'UserSubscriptionPlanChanged', data: { planId, changedBy: admin } });

    const refused = await api.send('DELETE', `/subscriptions/${planId}`, undefined, asAdmin);
    expect(refused.status).toBe(409);
    expect(refused.body['message']).toBe(
      '1 member is on Platinum: move them to another plan, or deactivate Platinum instead (it stays valid for members already on it).',
    );

    const deposit = await api.send('POST', '/deposits', { userId: member, transactionHash: `0x${'ab'.repeat(32)}`, timestamp: '2026-11-24T10:00:00Z', amountUSD: 100 }, asAdmin);
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({ amountUSD: 100, feePercentageAtDeposit: 2.5, calculatedFeeUSD: 2.5 });

    // Deactivated: still charged to Ada, but no one else can be put on it.
    const edited = await api.send('PUT', `/subscriptions/${planId}`, { name: 'Platinum', feePercentage: 3, isActive: false }, asAdmin);
    expect(edited.status).toBe(200);
    const other = await api.seedUser({ email: 'bob@example.com', password: 'Str0ngPassw0rd' });
    const inactive = await api.send('PUT', `/users/${other}`, { subscriptionPlan: planId }, asAdmin);
    expect(inactive.status).toBe(409);
    expect(inactive.body['message']).toBe('The plan Platinum is inactive: activate it in the Subscription Manager before assigning it.');
    const again = await api.send('POST', '/deposits', { userId: member, transactionHash: `0x${'cd'.repeat(32)}`, timestamp: '2026-11-24T11:00:00Z', amountUSD: 100 }, asAdmin);
    expect(again.body).toMatchObject({ feePercentageAtDeposit: 3, calculatedFeeUSD: 3 });

    // Back to the default plan: the plan can go.
    expect((await api.send('PUT', `/users/${member}`, { subscriptionPlan: null }, asAdmin)).status).toBe(200);
    const deleted = await api.send('DELETE', `/subscriptions/${planId}`, undefined, asAdmin);
    expect(deleted.status).toBe(200);
    expect(deleted.body['message']).toBe(PLAN_DELETED_MESSAGE);
    expect((await api.send('PUT', `/users/${member}`, { subscriptionPlan: planId }, asAdmin)).body['message']).toBe('No subscription plan found with this ID.');
  });

  it('never deletes the default plan, and answers 404 for a plan that does not exist', async () => {
    const reply = await api.send('DELETE', `/subscriptions/${DEFAULT_PLAN_ID}`, undefined, asAdmin);
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toMatch(/^The default plan cannot be deleted/);
    expect((await api.send('PUT', '/subscriptions/nope', { name: 'Z', feePercentage: 1 }, asAdmin)).status).toBe(404);
    expect((await api.send('DELETE', '/subscriptions/nope', undefined, asAdmin)).status).toBe(404);
  });
});
