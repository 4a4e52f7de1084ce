import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVALANCHE_REGISTRY, TokenRegistry } from '@concierge/contracts';
import { startLocalEvm, type LocalEvm } from './local-evm.js';
import { deployLocalMarket } from './local-market.js';

describe('the local market: tokens, Chainlink-style feeds and Multicall3 on the local EVM', () => {
  let evm: LocalEvm;

  beforeAll(async () => {
    evm = await startLocalEvm();
  });

  afterAll(async () => {
    await evm?.stop();
  });

  it('deploys a token per Avalanche registry entry with the same decimals, and a valid chainId-31337 registry', async () => {
    const market = await deployLocalMarket(evm);
    expect(TokenRegistry.safeParse(market.registry).success).toBe(true);
    expect(market.registry.chainId).toBe(31337);
    expect(market.registry.tokens.map((token) => [token.symbol, token.decimals])).toEqual(
      AVALANCHE_REGISTRY.tokens.map((token) => [token.symbol, token.decimals]),
    );
    const wbtc = market.tokens.get('WBTC');
    expect(await wbtc?.getFunction('decimals')()).toBe(8n);
    expect(await wbtc?.getFunction('symbol')()).toBe('WBTC.e');
    expect(await market.tokens.get('DAI')?.getFunction('decimals')()).toBe(18n);
  });

  it('lets only the feed owner update an answer, stamped with the block time', async () => {
    const feed = await evm.deployMockAggregator({ decimals: 8, description: 'ETH / USD', answer: 3_000n * 10n ** 8n });
    const [, stranger] = evm.wallets;
    if (!stranger) throw new Error('need a second account');
    await expect(feed.connect(stranger).getFunction('updateAnswer')(1n)).rejects.toThrow(/only the owner updates/);

    await evm.increaseTime(600);
    const receipt = await (await feed.getFunction('updateAnswer')(3_210n * 10n ** 8n)).wait();
    const block = await evm.provider.getBlock(receipt.blockNumber);
    const [roundId, answer, startedAt, updatedAt, answeredInRound] = await feed.getFunction('latestRoundData')();
    expect([roundId, answer, answeredInRound]).toEqual([2n, 3_210n * 10n ** 8n, 2n]);
    expect(updatedAt).toBe(BigInt(block?.timestamp ?? -1));
    expect(startedAt).toBe(updatedAt);
    expect(await feed.getFunction('decimals')()).toBe(8n);
    expect(await feed.getFunction('description')()).toBe('ETH / USD');
  });

  it('answers the block number from our Multicall3', async () => {
    const multicall = await evm.deployMulticall3();
    await evm.mineBlocks(3);
    expect(await multicall.getFunction('getBlockNumber')()).toBe(BigInt(await evm.provider.getBlockNumber()));
  });
});
