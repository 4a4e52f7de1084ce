import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRATEGY_DELETED_MESSAGE, STRATEGY_SAVED_MESSAGE } from '@concierge/contracts';
import { seedCatalog } from '@concierge/domain/plans/seed-catalog';
import { strategyAggregate } from '@concierge/domain/strategies/decide';
import { startIdentityApi, type IdentityApi } from '../identity/testing/harness.js';

describe('strategy groups over HTTP', () => {
  let api: IdentityApi;
  let asAdmin: Record<string, string>;
  let asMember: Record<string, string>;

  beforeAll(async () => {
    api = await startIdentityApi('strategyroutes');
    await seedCatalog({ eventStore: api.store }, { defaultPlanFeePercentage: '0' }, { actor: { type: 'system' }, correlationId: 't', causationId: 't', now: api.clock.now });
    asAdmin = { authorization: api.bearer(await api.seedUser({ email: 'root@example.com', password: 'Str0ngPassw0rd', role: 'admin' }), 'admin') };
    asMember = { authorization: api.bearer(await api.seedUser({ email: 'ada@example.com', password: 'Str0ngPassw0rd' })) };
  });
  afterAll(async () => api?.close());

  const create = (body: unknown, headers = asAdmin) => api.send('POST', '/strategies', body, headers);

  it('creates a group from typed comma-separated symbols, with its level and colour read from the weight when not given', async () => {
    const reply = await create({ name: 'Yield', description: 'Lending', riskWeight: '0.7', tokenSymbols: ' comp, , crv ,COMP' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      message: STRATEGY_SAVED_MESSAGE,
      strategy: { name: 'Yield', displayName: '', riskWeight: 0.7, riskLevel: 'aggressive', color: '#EF4444', tokenSymbols: ['COMP', 'CRV'] },
    });
  });

  it('refuses a token another group holds with a 409 naming that group, and changes nothing', async () => {
    const before = await api.head();
    const reply = await create({ name: 'Dollars', riskWeight: 0.1, tokenSymbols: 'usdt, xyz' });
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toBe('USDT already belongs to the strategy group Stablecoins: a token can be in one group only, so remove it there first.');
    expect(reply.body['tokenSymbol']).toBe('USDT');
    const after = await create({ name: 'Dollars', riskWeight: 0.1, tokenSymbols: 'xyz' });
    expect(after.status).toBe(201);
    expect(before).not.toBe(await api.head());
  });

  it('refuses bad input with the form message and each field named, changing nothing', async () => {
    const before = await api.head();
    for (const [body, message] of [
      [{ name: '', riskWeight: 0.5, tokenSymbols: 'A' }, 'Name is required'],
      [{ name: 'X', riskWeight: 0.25, tokenSymbols: 'A' }, 'Risk weight must be a number from 0 to 1 in steps of 0.1'],
      [{ name: 'X', riskWeight: 0.5, tokenSymbols: ' , ' }, 'Token symbols are required'],
      [{ name: 'X', riskWeight: 0.5, tokenSymbols: 'A', color: 'blue' }, 'Colour must be a hex colour such as #22C55E'],
      [{ name: 'X', riskWeight: 0.5, tokenSymbols: 'A', riskLevel: 'yolo' }, 'Risk level must be conservative, moderate or aggressive'],
    ] as const) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body['message']).toBe('Please fill out the form correctly.');
      expect(JSON.stringify(reply.body['errors'])).toContain(message);
    }
    expect(await api.head()).toBe(before);
  });

  it('edits and deletes a group, freeing its symbols; only admins may (anonymous 401, member 403)', async () => {
    for (const [method, path] of [
      ['POST', '/strategies'],
      ['PUT', '/strategies/others'],
      ['DELETE', '/strategies/others'],
    ] as const) {
      expect((await api.send(method, path, { name: 'Y', riskWeight: 1, tokenSymbols: 'Y' })).status).toBe(401);
      expect((await api.send(method, path, { name: 'Y', riskWeight: 1, tokenSymbols: 'Y' }, asMember)).status).toBe(403);
    }
    const edited = await api.send('PUT', '/strategies/others', { name: 'others', displayName: 'Others', riskWeight: 1, riskLevel: 'aggressive', color: '#f59e0b', tokenSymbols: ['LINK'] }, asAdmin);
    expect(edited.status).toBe(200);
    expect(edited.body['strategy']).toMatchObject({ riskWeight: 1, color: '#F59E0B', tokenSymbols: ['LINK'] });
    expect((await create({ name: 'DeFi', riskWeight: 0.8, tokenSymbols: 'UNI, AAVE' })).status).toBe(201);
    const deleted = await api.send('DELETE', '/strategies/others', undefined, asAdmin);
    expect(deleted.body).toMatchObject({ message: STRATEGY_DELETED_MESSAGE });
    expect(await strategyAggregate.load({ eventStore: api.store }, 'others')).toMatchObject({ status: 'deleted' });
    expect((await api.send('DELETE', '/strategies/others', undefined, asAdmin)).status).toBe(200);
    expect((await api.send('PUT', '/strategies/others', { name: 'o', riskWeight: 1, tokenSymbols: 'O' }, asAdmin)).status).toBe(404);
  });
});
