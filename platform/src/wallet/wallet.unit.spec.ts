import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDNodeWallet } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.js';
import { checksumAddress, deriveDepositWallet } from './hd-wallet.js';
import { isValidMnemonic, loadWalletMnemonic } from './mnemonic.js';

/** Hardhat's published test mnemonic and its first two accounts. */
const HARDHAT = 'test test test test test test test test test test test junk';

describe('deriving deposit wallets', () => {
  it('derives the well-known Hardhat accounts at m/44\'/60\'/0\'/0/<index>', () => {
    expect(deriveDepositWallet(HARDHAT, 0)).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      derivationPath: "m/44'/60'/0'/0/0",
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    });
    expect(deriveDepositWallet(HARDHAT, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('derives from the phrase it is given each time, alternating phrases and indexes as the full path does', () => {
    const other = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    for (const [mnemonic, index] of [[HARDHAT, 7], [other, 0], [HARDHAT, 7], [other, 2_147_483_647]] as const) {
      const full = HDNodeWallet.fromPhrase(mnemonic, undefined, `m/44'/60'/0'/0/${index}`);
      expect(deriveDepositWallet(mnemonic, index)).toEqual({ address: full.address, derivationPath: `m/44'/60'/0'/0/${index}`, privateKey: full.privateKey });
    }
    expect(deriveDepositWallet(other, 0).address).not.toBe(deriveDepositWallet(HARDHAT, 0).address);
  });

  it('refuses an index that is not a non-hardened BIP-32 index', () => {
    expect(() => deriveDepositWallet(HARDHAT, -1)).toThrow(RangeError);
    expect(() => deriveDepositWallet(HARDHAT, 1.5)).toThrow(RangeError);
    expect(() => deriveDepositWallet(HARDHAT, 2 ** 31)).toThrow(RangeError);
  });
});

describe('checksumming an address', () => {
  it('checksums lower- and upper-case hex and keeps a correct checksum', () => {
    expect(checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(checksumAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(checksumAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('refuses a mixed-case address whose checksum is wrong, and text that is no address', () => {
    expect(checksumAddress('0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeUndefined();
    expect(checksumAddress('0x1234')).toBeUndefined();
  });
});

describe('loading the wallet mnemonic', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'concierge-wallet-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes WALLET_MNEMONIC when it is a valid phrase, whitespace normalized', () => {
    const dir = tempDir();
    expect(loadWalletMnemonic({ WALLET_MNEMONIC: `  ${HARDHAT.replace(' ', '\n  ')} `, DATA_DIR: dir })).toBe(HARDHAT);
  });

  it('refuses an invalid WALLET_MNEMONIC without echoing it', () => {
    const bad = 'test test test test test test test test test test test test';
    expect(() => loadWalletMnemonic({ WALLET_MNEMONIC: bad, DATA_DIR: tempDir() })).toThrow(ConfigError);
    try {
      loadWalletMnemonic({ WALLET_MNEMONIC: bad, DATA_DIR: tempDir() });
    } catch (error) {
      expect((error as Error).message).not.toContain('test test');
    }
  });

  it('requires WALLET_MNEMONIC in production', () => {
    expect(() => loadWalletMnemonic({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/required in production/);
  });

  it('generates one phrase into DATA_DIR, readable only by its owner, and reuses it', () => {
    const dir = join(tempDir(), 'nested');
    const first = loadWalletMnemonic({ DATA_DIR: dir, WALLET_MNEMONIC: '' });
    expect(isValidMnemonic(first)).toBe(true);
    expect(first.split(' ')).toHaveLength(24);
    expect(statSync(join(dir, 'wallet-mnemonic')).mode & 0o777).toBe(0o600);
    expect(loadWalletMnemonic({ DATA_DIR: dir })).toBe(first);
    expect(readFileSync(join(dir, 'wallet-mnemonic'), 'utf8').trim()).toBe(first);
  });

  it('keeps a phrase another process wrote first', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'wallet-mnemonic'), `${HARDHAT}\n`, { mode: 0o600 });
    expect(loadWalletMnemonic({ DATA_DIR: dir })).toBe(HARDHAT);
  });
});
