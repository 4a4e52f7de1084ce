import { Writable } from 'node:stream';
import { type Contract, type HDNodeWallet, type JsonRpcProvider } from 'ethers';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { chainScanStreamId, readScanCheckpoint } from '@concierge/domain/money/deposits/scan-checkpoint';
import type { ChainSettings } from '../../chain/config.js';
import { chainProvider } from '../../chain/provider.js';
import { startLocalEvm, type LocalEvm } from '../../chain/testing/local-evm.js';
import { creditDetectedDeposit } from './credit.js';
import { depositAddressIndex } from './deposit-addresses.js';
import { scanDeposits, type DepositScanDeps } from './scan.js';
import { memberWithDepositAddress } from './testing/members.js';

const CONFIRMATIONS = 5;

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('where the deposit scan begins on its first run', () => {
  let evm: LocalEvm;
  let payer: HDNodeWallet;
  let provider: JsonRpcProvider;
  let schemas: TestSchemas;
  let eventStore: EventStore;

  beforeAll(async () => {
    evm = await startLocalEvm();
    const second = evm.wallets[2];
    if (!second) throw new Error('need a third funded account');
    payer = second;
    provider = chainProvider(evm.rpcUrl, evm.chainId, 20);
    schemas = await createTestSchemas('scanstart');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => {
    await schemas?.drop();
    provider?.destroy();
    await evm?.stop();
  });

  /** A fresh token (so a scan checkpoint of its own) with one old transfer to a member, buried under 30 blocks. */
  async function chainWithHistory(index: number): Promise<{ token: Contract; chain: ChainSettings; userId: string }> {
    const token = await evm.deployTestUsdc();
    await (await token.getFunction('mint')(payer.address, 100_000_000n)).wait();
    const member = await memberWithDepositAddress(eventStore, { index, planId: null });
    await (await (token.connect(payer) as Contract).getFunction('transfer')(member.address, 25_000_000n)).wait();
    await evm.mineBlocks(30);
    const chain = { rpcUrl: evm.rpcUrl, chainId: evm.chainId, network: 'Avalanche' as const, tokenAddress: await token.getAddress(), confirmations: CONFIRMATIONS };
    return { token, chain, userId: member.userId };
  }
  const deps = (chain: ChainSettings, startBlock: number | undefined, logger = pino({ level: 'silent' })): DepositScanDeps => ({
    eventStore,
    provider,
    chain,
    addresses: depositAddressIndex(eventStore),
    credit: creditDetectedDeposit({ eventStore }, 'Avalanche'),
    maxBlockRange: 1_000,
    startBlock,
    logger,
  });
  const detectedOf = async (userId: string) => (await eventStore.readStream(`account-${userId}`)).filter((e) => e.type === 'DepositDetected');

  it('starts at the chain head minus the confirmations when nothing was scanned and no start block is set, and says so', async () => {
    const { chain, userId } = await chainWithHistory(11);
    const head = await provider.getBlockNumber();
    const { logger, lines } = capturingLogger();

    const first = await scanDeposits(deps(chain, undefined, logger));
    expect(first.fromBlock).toBe(head - CONFIRMATIONS);
    expect(first.toBlock).toBe(head - CONFIRMATIONS + 1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        startBlock: head - CONFIRMATIONS,
        head,
        confirmations: CONFIRMATIONS,
        msg: expect.stringContaining('starts at the chain head minus the confirmations'),
      }),
    );
    // Blocks before the start are not walked: the old transfer is not credited.
    expect(await detectedOf(userId)).toEqual([]);

    // From then on the checkpoint decides, and the start is not announced again.
    await evm.mineBlocks(3);
    const next = await scanDeposits(deps(chain, undefined, logger));
    expect(next.fromBlock).toBe(head - CONFIRMATIONS + 2);
    expect(lines.filter((line) => String(line['msg']).includes('chain head minus'))).toHaveLength(1);
    expect((await readScanCheckpoint(eventStore, chainScanStreamId(chain.chainId, chain.tokenAddress))).nextBlock).toBe(head - CONFIRMATIONS + 5);
  });

  it('starts at DEPOSIT_SCAN_START_BLOCK when it is set, even at block 0', async () => {
    const { chain, userId } = await chainWithHistory(12);
    const first = await scanDeposits(deps(chain, 0));
    expect(first.fromBlock).toBe(0);
    expect(await detectedOf(userId)).toHaveLength(1);
  });
});
