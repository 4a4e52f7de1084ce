import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata, type StrategyGroupCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { decideStrategy, STRATEGY_EXISTS_MESSAGE } from './decide.js';
import { evolveStrategy, initialStrategyState, type StrategyEvent } from './strategy.js';

const NOW = '2026-11-24T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'user', userId: 'admin-1', role: 'admin' }, now: NOW, correlationId: 'c', commandId: 'c' };
const stable = {
  strategyId: 's1',
  name: 'stablecoins',
  displayName: 'Stablecoins',
  description: '',
  color: '#22C55E',
  riskLevel: 'conservative' as const,
  riskWeight: 0.1,
  tokenSymbols: ['USDC', 'DAI'],
};
const create = (data = stable): StrategyGroupCommand => ({ type: 'CreateStrategyGroup', data, metadata });
const update = (changes: Partial<typeof stable>): StrategyGroupCommand => ({ type: 'UpdateStrategyGroup', data: { ...stable, ...changes }, metadata });
const remove = (): StrategyGroupCommand => ({ type: 'DeleteStrategyGroup', data: { strategyId: 's1' }, metadata });

function run(...commands: StrategyGroupCommand[]): StrategyEvent[] {
  const events: StrategyEvent[] = [];
  for (const command of commands) events.push(...decideStrategy(command, events.reduce(evolveStrategy, initialStrategyState)));
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
}
const when = (given: StrategyGroupCommand[], command: StrategyGroupCommand) => decideStrategy(command, run(...given).reduce(evolveStrategy, initialStrategyState));

describe('a strategy group', () => {
  it('is created with its fields, and the same creation again changes nothing', () => {
    expect(run(create())).toEqual([{ type: 'StrategyGroupCreated', data: { ...stable, createdAt: NOW } }]);
    expect(when([create()], create())).toEqual([]);
    expect(() => when([create()], create({ ...stable, riskWeight: 0.2 }))).toThrow(new ConflictError(STRATEGY_EXISTS_MESSAGE));
  });
  it('records an edit as its whole new state, and nothing when nothing differs (token order included)', () => {
    expect(when([create()], update({ riskWeight: 0.3, tokenSymbols: ['USDC'] }))).toEqual([
      { type: 'StrategyGroupUpdated', data: { ...stable, riskWeight: 0.3, tokenSymbols: ['USDC'], updatedAt: NOW } },
    ]);
    expect(when([create()], update({}))).toEqual([]);
    expect(when([create()], update({ tokenSymbols: ['DAI', 'USDC'] }))).toHaveLength(1);
  });
  it('is deleted once; a deleted or unknown group cannot be edited', () => {
    expect(when([create()], remove())).toEqual([{ type: 'StrategyGroupDeleted', data: { strategyId: 's1', deletedAt: NOW } }]);
    expect(when([create(), remove()], remove())).toEqual([]);
    expect(() => when([create(), remove()], update({}))).toThrow(NotFoundError);
    expect(() => when([], remove())).toThrow(NotFoundError);
  });
  it('accepts only the contract risk levels, weights and colours in its events', () => {
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, riskLevel: 'wild', createdAt: NOW })).toThrow();
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, riskWeight: 0.25, createdAt: NOW })).toThrow();
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, color: 'green', createdAt: NOW })).toThrow();
  });
});
