import { describe, expect, it } from 'vitest';
import { AVALANCHE_REGISTRY } from './avalanche.js';
import { eip55Address } from './checksum.js';
import { registryFor, registryForChain, TOKEN_REGISTRIES, TokenRegistry, UnknownRegistryError } from './index.js';
import { keccak256Hex } from './keccak.js';

const bytes = (text: string) => new TextEncoder().encode(text);
/** The seeded strategy groups' symbols (domain/src/strategies/strategy.ts SEED_STRATEGY_GROUPS). */
const SEEDED_SYMBOLS = ['USDC', 'USDT', 'DAI', 'WETH', 'WBTC', 'WAVAX', 'LINK', 'UNI', 'AAVE'];

describe('keccak-256 and EIP-55', () => {
  it('hashes the published test vectors, across the 136-byte block boundary too', () => {
    expect(keccak256Hex(bytes(''))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex(bytes('abc'))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(keccak256Hex(bytes('The quick brown fox jumps over the lazy dog'))).toBe(
      '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
    );
    expect(keccak256Hex(bytes('a'.repeat(200)))).not.toBe(keccak256Hex(bytes('a'.repeat(199))));
  });

  it('writes the EIP-55 examples in their mixed-case form whatever case they come in', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(eip55Address(address.toLowerCase())).toBe(address);
      expect(eip55Address(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    }
    expect(eip55Address('0x1234')).toBeUndefined();
  });
});

describe('token registry schema', () => {
  const [usdc] = AVALANCHE_REGISTRY.tokens;
  if (!usdc) throw new Error('the Avalanche registry lists no token');
  const withToken = (patch: Record<string, unknown>) => ({ ...AVALANCHE_REGISTRY, tokens: [{ ...usdc, ...patch }] });

  it('accepts every committed registry', () => {
    for (const registry of TOKEN_REGISTRIES) expect(TokenRegistry.safeParse(registry).success).toBe(true);
  });

  it('refuses an address not in its EIP-55 form and says which form it expected', () => {
    const result = TokenRegistry.safeParse(withToken({ address: usdc.address.toLowerCase() }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Expected the EIP-55 form ${usdc.address}`);
    expect(TokenRegistry.safeParse(withToken({ priceFeed: { ...usdc.priceFeed, address: '0xnotanaddress' } })).success).toBe(false);
  });

  it('keeps decimals within 0 to 36 and heartbeats positive', () => {
    expect(TokenRegistry.safeParse(withToken({ decimals: 0 })).success).toBe(true);
    expect(TokenRegistry.safeParse(withToken({ decimals: 36 })).success).toBe(true);
    expect(TokenRegistry.safeParse(withToken({ decimals: 37 })).success).toBe(false);
    expect(TokenRegistry.safeParse(withToken({ decimals: -1 })).success).toBe(false);
    expect(TokenRegistry.safeParse(withToken({ decimals: 6.5 })).success).toBe(false);
    expect(TokenRegistry.safeParse(withToken({ priceFeed: { ...usdc.priceFeed, heartbeatSeconds: 0 } })).success).toBe(false);
  });

  it('refuses a symbol or a contract listed twice', () => {
    const twice = { ...AVALANCHE_REGISTRY, tokens: [usdc, { ...usdc, symbol: 'USDC2' }] };
    const result = TokenRegistry.safeParse(twice);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([`${usdc.address} is listed twice`]);
    expect(TokenRegistry.safeParse({ ...AVALANCHE_REGISTRY, tokens: [usdc, { ...usdc, address: AVALANCHE_REGISTRY.tokens[1]?.address }] }).success).toBe(false);
  });
});

describe('Avalanche C-Chain registry', () => {
  it('covers every seeded strategy group symbol, the bridged ones mapped to their .e tokens', () => {
    expect(AVALANCHE_REGISTRY.tokens.map((token) => token.symbol).sort()).toEqual([...SEEDED_SYMBOLS].sort());
    const bySymbol = new Map(AVALANCHE_REGISTRY.tokens.map((token) => [token.symbol, token]));
    expect(bySymbol.get('WETH')?.tokenSymbol).toBe('WETH.e');
    expect(bySymbol.get('WBTC')?.decimals).toBe(8);
    expect(bySymbol.get('USDC')?.decimals).toBe(6);
    expect(bySymbol.get('USDC')?.address).toBe('0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E');
  });
});

describe('choosing a registry by CHAIN_ID', () => {
  it('gives Avalanche C-Chain for 43114', () => {
    expect(registryForChain(43114).network).toBe('Avalanche C-Chain');
  });

  it('refuses an unknown chain naming the chains it knows', () => {
    expect(() => registryForChain(1)).toThrow(new UnknownRegistryError(1, TOKEN_REGISTRIES));
    expect(() => registryForChain(1)).toThrow('No token registry for chain id 1; registries exist for 43114 (Avalanche C-Chain)');
  });
});

describe('the registry a service values with', () => {
  it('is the committed one for a known chain, the file for another chain, and none without either', () => {
    expect(registryFor(43114)?.network).toBe(AVALANCHE_REGISTRY.network);
    expect(registryFor(31337)).toBeUndefined();
    const local = { ...AVALANCHE_REGISTRY, chainId: 31337, network: 'Development chain' };
    const file = JSON.stringify({ registry: local, multicallAddress: `0x${'ca'.repeat(20)}` });
    expect(registryFor(31337, file)?.network).toBe('Development chain');
    expect(() => registryFor(5, file)).toThrow('TOKEN_REGISTRY_FILE describes chain 31337, not CHAIN_ID 5');
  });
});
