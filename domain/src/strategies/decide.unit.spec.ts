import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata, type StrategyGroupCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../shared/testing/decider-specification.js';
import { STRATEGY_EXISTS_MESSAGE, strategyAggregate } from './decide.js';

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

const spec = DeciderSpecification.for(strategyAggregate);

describe('a strategy group', () => {
  it('is created with its fields, and the same creation again changes nothing', () => {
    spec.given().when(create()).then([{ type: 'StrategyGroupCreated', data: { ...stable, createdAt: NOW } }]);
    spec.givenCommands(create()).when(create()).thenNothingHappens();
    spec.givenCommands(create()).when(create({ ...stable, riskWeight: 0.2 })).thenThrows(new ConflictError(STRATEGY_EXISTS_MESSAGE));
  });
  it('records an edit as its whole new state, and nothing when nothing differs (token order included)', () => {
    spec.givenCommands(create()).when(update({ riskWeight: 0.3, tokenSymbols: ['USDC'] })).then([
      { type: 'StrategyGroupUpdated', data: { ...stable, riskWeight: 0.3, tokenSymbols: ['USDC'], updatedAt: NOW } },
    ]);
    spec.givenCommands(create()).when(update({})).thenNothingHappens();
    expect(spec.givenCommands(create()).when(update({ tokenSymbols: ['DAI', 'USDC'] })).events).toHaveLength(1);
  });
  it('is deleted once; a deleted or unknown group cannot be edited', () => {
    spec.givenCommands(create()).when(remove()).then([{ type: 'StrategyGroupDeleted', data: { strategyId: 's1', deletedAt: NOW } }]);
    spec.givenCommands(create(), remove()).when(remove()).thenNothingHappens();
    spec.givenCommands(create(), remove()).when(update({})).thenThrows(NotFoundError);
    spec.given().when(remove()).thenThrows(NotFoundError);
  });
  it('accepts only the contract risk levels, weights and colours in its events', () => {
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, riskLevel: 'wild', createdAt: NOW })).toThrow();
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, riskWeight: 0.25, createdAt: NOW })).toThrow();
    expect(() => eventSchemas.StrategyGroupCreated.parse({ ...stable, color: 'green', createdAt: NOW })).toThrow();
  });
});
