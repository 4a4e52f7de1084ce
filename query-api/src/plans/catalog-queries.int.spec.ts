import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVALANCHE_REGISTRY, PlanListResponse, PLANS_COLLECTION, STRATEGIES_COLLECTION, StrategyGroupListResponse, type PlanReadModel, type StrategyReadModel } from '@concierge/contracts';
import { putUsers, startQueryApi, userDoc, type QueryApiHarness } from '../testing/harness.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
const plan = (id: string, name: string, feePercentage: string, extra: Partial<PlanReadModel> = {}): PlanReadModel => ({
  id,
  name,
  feePercentage,
  description: '',
  isActive: true,
  isDefault: false,
  memberCount: 0,
  createdAt: at(1),
  updatedAt: at(1),
  ...extra,
});
const group = (id: string, name: string, riskTenths: number): StrategyReadModel => ({
  id,
  name,
  displayName: name,
  description: '',
  color: '#22C55E',
  riskLevel: 'conservative',
  riskTenths,
  tokenSymbols: id === 's' ? ['USDC', 'S'] : [id.toUpperCase()],
  createdAt: at(1),
  updatedAt: at(1),
});

const member = { ...userDoc(0, { firstName: 'Ada', lastName: 'Lovelace' }), subscriptionPlan: 'gold' };
const newcomer = userDoc(1, { firstName: 'Bob', lastName: 'Noyce' });
const admin = userDoc(2, { firstName: 'Root', lastName: 'Admin', role: 'admin' });

describe('plans and strategy groups read-model queries', () => {
  let api: QueryApiHarness;

  beforeAll(async () => {
    api = await startQueryApi('catalogqueries', { knownTokenSymbols: new Set(AVALANCHE_REGISTRY.tokens.map((token) => token.symbol)) });
    await putUsers(api.readStore, [member, newcomer, admin]);
    await api.readStore
      .collection<PlanReadModel>(PLANS_COLLECTION)
      .upsertMany([plan('gold', 'Gold', '2.5', { memberCount: 1 }), plan('default', 'Premium Concierge', '0', { isDefault: true }), plan('basic', 'basic', '1.25', { isActive: false })]);
    await api.readStore.collection<StrategyReadModel>(STRATEGIES_COLLECTION).upsertMany([group('b', 'beta', 5), group('c', 'alpha', 5), group('s', 'stable', 1), group('x', 'wild', 9)]);
  });
  afterAll(async () => api?.close());

  it('lists every plan to admins only: the default first, then by name, fees as numbers', async () => {
    const reply = await api.get('/subscriptions', api.bearer({ sub: admin.id, role: 'admin' }));
    expect(reply.status).toBe(200);
    const plans = PlanListResponse.parse(reply.body);
    expect(plans.map((p) => [p.name, p.feePercentage, p.isActive, p.isDefault])).toEqual([
      ['Premium Concierge', 0, true, true],
      ['basic', 1.25, false, false],
      ['Gold', 2.5, true, false],
    ]);
    expect((await api.get('/subscriptions')).status).toBe(401);
    expect((await api.get('/subscriptions', api.bearer({ sub: member.id, role: 'user' }))).status).toBe(403);
  });

  it("shows a member their own plan's name, and the default plan's to a member without one", async () => {
    expect((await api.get('/auth/me', api.bearer({ sub: member.id, role: 'user' }))).body).toMatchObject({ subscriptionPlan: 'gold', subscriptionPlanName: 'Gold' });
    expect((await api.get('/auth/me', api.bearer({ sub: newcomer.id, role: 'user' }))).body).toMatchObject({ subscriptionPlan: null, subscriptionPlanName: 'Premium Concierge' });
    const users = await api.get('/users?limit=10', api.bearer({ sub: admin.id, role: 'admin' }));
    const names = Object.fromEntries((users.body['users'] as { id: string; subscriptionPlanName: string }[]).map((u) => [u.id, u.subscriptionPlanName]));
    expect(names).toEqual({ [member.id]: 'Gold', [newcomer.id]: 'Premium Concierge', [admin.id]: 'Premium Concierge' });
  });

  it('lists strategy groups to anyone at /strategies/public and to admins at /strategies, by risk weight then name', async () => {
    const anonymous = await api.get('/strategies/public');
    expect(anonymous.status).toBe(200);
    const groups = StrategyGroupListResponse.parse(anonymous.body);
    expect(groups.map((g) => [g.name, g.riskWeight])).toEqual([
      ['stable', 0.1],
      ['alpha', 0.5],
      ['beta', 0.5],
      ['wild', 0.9],
    ]);
    expect((await api.get('/strategies', api.bearer({ sub: admin.id, role: 'admin' }))).body).toEqual(anonymous.body);
    // Symbols the chain's token registry lacks are listed (kept, not valued); USDC is known.
    expect(groups.map((g) => [g.name, g.unknownSymbols])).toEqual([
      ['stable', ['S']],
      ['alpha', ['C']],
      ['beta', ['B']],
      ['wild', ['X']],
    ]);
    expect((await api.get('/strategies')).status).toBe(401);
    expect((await api.get('/strategies', api.bearer({ sub: member.id, role: 'user' }))).status).toBe(403);
  });
});
