import { describe, expect, it } from 'vitest';
import type { StrategyReadModel } from '@concierge/contracts';
import { at, envelope } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { STRATEGIES_COLLECTION, strategiesProjection } from './projection.js';

describe('strategies projection', () => {
  const harness = useProjectionHarness(strategiesProjection, 'strategiesproj');
  const groups = () => harness.readStore.collection<StrategyReadModel>(STRATEGIES_COLLECTION);
  const group = { strategyId: 's1', name: 'stablecoins', displayName: 'Stablecoins', description: '', color: '#22C55E', riskLevel: 'conservative', riskWeight: 0.1, tokenSymbols: ['USDC', 'DAI'] };

  it('shows each live group with its risk weight kept as exact tenths', async () => {
    await harness.append('strategy-s1', envelope('StrategyGroupCreated', { ...group, createdAt: at(1) }, at(1)));
    await harness.append('strategy-s2', envelope('StrategyGroupCreated', { ...group, strategyId: 's2', name: 'others', riskWeight: 0.7, riskLevel: 'aggressive', tokenSymbols: ['LINK'], createdAt: at(2) }, at(2)));
    await harness.append('strategy-s1', envelope('StrategyGroupUpdated', { ...group, riskWeight: 0.3, tokenSymbols: ['USDC'], updatedAt: at(3) }, at(3)));
    await harness.catchUp();
    expect(await groups().get('s1')).toEqual({
      id: 's1',
      name: 'stablecoins',
      displayName: 'Stablecoins',
      description: '',
      color: '#22C55E',
      riskLevel: 'conservative',
      riskTenths: 3,
      tokenSymbols: ['USDC'],
      createdAt: at(1),
      updatedAt: at(3),
    });
    expect(await groups().get('s2')).toMatchObject({ riskTenths: 7, tokenSymbols: ['LINK'] });
  });

  it('drops a deleted group, and comes out identical when rebuilt', async () => {
    await harness.append('strategy-s2', envelope('StrategyGroupDeleted', { strategyId: 's2', deletedAt: at(4) }, at(4)));
    await harness.catchUp();
    const before = await groups().find();
    expect(before.map((g) => g.id)).toEqual(['s1']);
    await harness.rebuild(1000);
    expect(await groups().find()).toEqual(before);
  });
});
