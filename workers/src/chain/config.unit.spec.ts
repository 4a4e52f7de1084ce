import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@concierge/platform/config/env';
import { WorkersConfig } from '../config.js';
import { chainSettings, settlementMaxFeeWei } from './config.js';

const KEY = `0x${'ab'.repeat(32)}`;
const TOKEN = '0x5425890298aed601595a70AB815c96711a31Bc65';
const load = (env: Record<string, string>) => loadConfig(WorkersConfig, env);

describe('chain settings of the workers', () => {
  it('leaves deposit detection off and settlement manual by default', () => {
    const config = load({});
    expect(config.SETTLEMENT_MODE).toBe('manual');
    expect(config.CHAIN_CONFIRMATIONS).toBe(12);
    expect(chainSettings(config)).toBeUndefined();
  });

  it('turns detection on with an RPC and a token', () => {
    const config = load({ CHAIN_RPC_URL: 'http://127.0.0.1:8545', USDC_ADDRESS: TOKEN, CHAIN_ID: '31337', CHAIN_CONFIRMATIONS: '3' });
    expect(chainSettings(config)).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      network: 'Avalanche',
      tokenAddress: TOKEN,
      confirmations: 3,
    });
  });

  it('needs the token address when an RPC is set', () => {
    expect(() => load({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toThrow('USDC_ADDRESS is required when CHAIN_RPC_URL is set');
  });

  it('needs a chain, a token and the hot wallet key for on-chain settlement', () => {
    expect(() => load({ SETTLEMENT_MODE: 'onchain' })).toThrow(/CHAIN_RPC_URL is required.*USDC_ADDRESS is required.*HOT_WALLET_PRIVATE_KEY is required/);
    expect(load({ SETTLEMENT_MODE: 'onchain', CHAIN_RPC_URL: 'http://127.0.0.1:8545', USDC_ADDRESS: TOKEN, HOT_WALLET_PRIVATE_KEY: KEY }).SETTLEMENT_MODE).toBe(
      'onchain',
    );
  });

  it('refuses a malformed hot wallet key without repeating it', () => {
    const bad = 'ab'.repeat(31);
    let message = '';
    try {
      load({ HOT_WALLET_PRIVATE_KEY: bad });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('HOT_WALLET_PRIVATE_KEY must be 32 bytes of hex');
    expect(message).not.toContain(bad);
  });

  it('caps payout fees at SETTLEMENT_MAX_FEE_GWEI, 100 gwei unless set, exactly in wei', () => {
    expect(settlementMaxFeeWei(load({}))).toBe(100_000_000_000n);
    expect(settlementMaxFeeWei(load({ SETTLEMENT_MAX_FEE_GWEI: '0.000000001' }))).toBe(1n);
    expect(settlementMaxFeeWei(load({ SETTLEMENT_MAX_FEE_GWEI: '25.5' }))).toBe(25_500_000_000n);
    for (const bad of ['0', 'ten', '-5', '1e3', '0.0000000001']) {
      expect(() => load({ SETTLEMENT_MAX_FEE_GWEI: bad }), bad).toThrow(/SETTLEMENT_MAX_FEE_GWEI must be/);
    }
  });

  it('leaves the first scanned block to the chain head unless DEPOSIT_SCAN_START_BLOCK is set', () => {
    expect(load({}).DEPOSIT_SCAN_START_BLOCK).toBeUndefined();
    expect(load({ DEPOSIT_SCAN_START_BLOCK: '' }).DEPOSIT_SCAN_START_BLOCK).toBeUndefined();
    expect(load({ DEPOSIT_SCAN_START_BLOCK: '0' }).DEPOSIT_SCAN_START_BLOCK).toBe(0);
    expect(load({ DEPOSIT_SCAN_START_BLOCK: '52000000' }).DEPOSIT_SCAN_START_BLOCK).toBe(52_000_000);
  });
});
