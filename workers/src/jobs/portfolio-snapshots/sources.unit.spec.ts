import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { AVALANCHE_REGISTRY } from '@concierge/contracts';
import { loadConfig } from '@concierge/platform/config/env';
import type { EventStore } from '@concierge/platform/event-store/port';
import { WorkersConfig } from '../../config.js';
import { readRegistryFile, snapshotSourcesFrom } from './sources.js';

const dir = mkdtempSync(join(tmpdir(), 'registry-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MULTICALL = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const LOCAL = { ...AVALANCHE_REGISTRY, chainId: 31337, network: 'Local EVM (development chain)' };
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
const CHAIN = { CHAIN_RPC_URL: 'http://127.0.0.1:8545', USDC_ADDRESS: LOCAL.tokens[0]?.address ?? '' };

describe('TOKEN_REGISTRY_FILE', () => {
  const logger = pino({ level: 'silent' });
  // Choosing the sources reads no event: the store is only handed to the ledger sources.
  const eventStore = {} as EventStore;

  it('gives a chain without a committed registry its chain sources', () => {
    const path = file('local.json', { registry: LOCAL, multicallAddress: MULTICALL });
    const config = loadConfig(WorkersConfig, { ...CHAIN, CHAIN_ID: '31337', TOKEN_REGISTRY_FILE: path });
    const sources = snapshotSourcesFrom({ config, eventStore, logger });
    expect(sources.chainId).toBe(31337);
    expect(sources.sources.prices.kind).toBe('chain');
    sources.close();
  });

  it('is not needed by a chain with a committed registry, and without either the snapshots value the ledger', () => {
    const committed = snapshotSourcesFrom({ config: loadConfig(WorkersConfig, { ...CHAIN, CHAIN_ID: '43114' }), eventStore, logger });
    expect(committed.chainId).toBe(43114);
    committed.close();
    const none = snapshotSourcesFrom({ config: loadConfig(WorkersConfig, { ...CHAIN, CHAIN_ID: '31337' }), eventStore, logger });
    expect(none.chainId).toBeNull();
  });

  it("must describe CHAIN_ID's chain and be a registry", () => {
    const path = file('other.json', { registry: LOCAL, multicallAddress: MULTICALL });
    expect(() => readRegistryFile(path, 1)).toThrow(/describes chain 31337, not CHAIN_ID 1/);
    expect(readRegistryFile(path, 31337).multicallAddress).toBe(MULTICALL);
    expect(() => readRegistryFile(file('bad.json', { registry: { chainId: 31337 }, multicallAddress: MULTICALL }), 31337)).toThrow();
  });
});
