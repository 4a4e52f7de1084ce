import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import type { CommandContext } from '../shared/command-context.js';
import { createStrategy } from './create-strategy.js';
import { STRATEGY_NOT_FOUND_MESSAGE, strategyAggregate } from './decide.js';
import { deleteStrategy } from './delete-strategy.js';
import { ensureSeedStrategies } from './ensure-seed-strategies.js';
import { strategyNameTakenMessage, tokenTakenMessage } from './strategy-claims.js';
import { updateStrategy } from './update-strategy.js';
import { strategyTokenStreamId, type StrategyFields } from './strategy.js';

describe('managing strategy groups on the event store', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  const ctx = (): CommandContext => ({ actor: { type: 'user', userId: 'admin-1', role: 'admin' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
  const group = (name: string, tokenSymbols: string[], extra: Partial<StrategyFields> = {}): StrategyFields => ({
    name,
    displayName: name.toUpperCase(),
    description: '',
    color: '#112233',
    riskLevel: 'moderate',
    riskWeight: 0.5,
    tokenSymbols,
    ...extra,
  });
  const deps = () => ({ eventStore });

  beforeAll(async () => {
    schemas = await createTestSchemas('managestrategies');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  it('seeds the three groups once; an admin deletion is not undone by the next start', async () => {
    expect((await ensureSeedStrategies(deps(), ctx())).map((s) => s.outcome)).toEqual(['created', 'created', 'created']);
    expect(await strategyAggregate.load(deps(), 'stablecoins')).toMatchObject({ status: 'live', riskLevel: 'conservative', riskWeight: 0.1, tokenSymbols: ['USDC', 'USDT', 'DAI'], color: '#22C55E' });
    await deleteStrategy(deps(), { strategyId: 'others' }, ctx());
    expect((await ensureSeedStrategies(deps(), ctx())).map((s) => s.outcome)).toEqual(['present', 'present', 'present']);
    expect(await strategyAggregate.load(deps(), 'others')).toMatchObject({ status: 'deleted' });
  });

  it('refuses a token another group lists, naming that group, and leaves nothing claimed behind', async () => {
    const refused = createStrategy(deps(), group('Yield', ['AAVE', 'USDC', 'ZZZ']), ctx());
    await expect(refused).rejects.toThrow(tokenTakenMessage('USDC', 'Stablecoins'));
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    // AAVE (freed when Others was deleted) was claimed before USDC was refused: it is free again.
    expect((await eventStore.readStream(strategyTokenStreamId('AAVE'))).map((e) => e.type).slice(-2)).toEqual(['UniqueValueClaimed', 'UniqueValueReleased']);
    const { strategy } = await createStrategy(deps(), group('Yield', ['AAVE', 'ZZZ']), ctx());
    expect(strategy.tokenSymbols).toEqual(['AAVE', 'ZZZ']);
  });

  it('keeps names unique ignoring case', async () => {
    await expect(createStrategy(deps(), group('STABLECOINS', ['ABC']), ctx())).rejects.toThrow(strategyNameTakenMessage('stablecoins'));
  });

  it('moves a token between groups only once the first lets it go, and frees everything on delete', async () => {
    const { strategy: a } = await createStrategy(deps(), group('Alpha', ['AAA', 'BBB']), ctx());
    const { strategy: b } = await createStrategy(deps(), group('Beta', ['CCC']), ctx());
    await expect(updateStrategy(deps(), { strategyId: b.strategyId, ...group('Beta', ['CCC', 'BBB']) }, ctx())).rejects.toThrow(tokenTakenMessage('BBB', 'ALPHA'));
    await updateStrategy(deps(), { strategyId: a.strategyId, ...group('Alpha', ['AAA']) }, ctx());
    const { strategy: moved } = await updateStrategy(deps(), { strategyId: b.strategyId, ...group('Beta', ['CCC', 'BBB']) }, ctx());
    expect(moved.tokenSymbols).toEqual(['CCC', 'BBB']);
    await deleteStrategy(deps(), { strategyId: b.strategyId }, ctx());
    await createStrategy(deps(), group('beta', ['BBB', 'CCC']), ctx());
  });

  it('lets exactly one of many racing groups have a token', async () => {
    const racers = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => createStrategy(deps(), group(`Racer ${i}`, ['RACE', `OWN${i}`]), ctx())));
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of racers) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
    // The losers' own symbols were let go.
    const loser = racers.findIndex((r) => r.status === 'rejected');
    await createStrategy(deps(), group('Late', [`OWN${loser}`]), ctx());
  });

  it('answers 404 for a group that does not exist', async () => {
    await expect(updateStrategy(deps(), { strategyId: randomUUID(), ...group('Nope', ['NOPE']) }, ctx())).rejects.toThrow(STRATEGY_NOT_FOUND_MESSAGE);
    await expect(deleteStrategy(deps(), { strategyId: 'bad id!' }, ctx())).rejects.toBeInstanceOf(NotFoundError);
  });
});
