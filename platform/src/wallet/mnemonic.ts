import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { Mnemonic } from 'ethers';
import { ConfigError } from '../config/env.js';

/** Trims and collapses whitespace, so a phrase pasted with line breaks still reads as the same words. */
const normalize = (phrase: string) => phrase.trim().split(/\s+/).join(' ');

/** True when the phrase is a BIP-39 English mnemonic with a valid checksum. */
export function isValidMnemonic(phrase: string): boolean {
  return Mnemonic.isValidMnemonic(normalize(phrase));
}

/**
 * The development mnemonic, generated once into `<dir>/wallet-mnemonic` (mode 0600). Services
 * start together, so the phrase is written aside and linked into place, which fails for every
 * process but the first; all of them then read the one winning phrase.
 */
export function loadOrCreateDevMnemonic(dir: string): string {
  const path = `${dir}/wallet-mnemonic`;
  if (!existsSync(path)) {
    // 256 bits of entropy: a 24-word phrase.
    const phrase = Mnemonic.fromEntropy(randomBytes(32)).phrase;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${path}.${randomUUID()}.tmp`;
    writeFileSync(temp, `${phrase}\n`, { mode: 0o600 });
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  }
  const phrase = normalize(readFileSync(path, 'utf8'));
  if (!Mnemonic.isValidMnemonic(phrase)) throw new ConfigError(`${path} does not hold a valid BIP-39 mnemonic`);
  return phrase;
}

/**
 * The master mnemonic every deposit address is derived from. Production must set
 * WALLET_MNEMONIC (a phrase generated inside a container would vanish with it, and the funds
 * with it); elsewhere a phrase is generated once into DATA_DIR, shared by the command API and
 * the workers.
 */
export function loadWalletMnemonic(env: { WALLET_MNEMONIC?: string | undefined; DATA_DIR: string; NODE_ENV?: string | undefined }): string {
  if (env.WALLET_MNEMONIC !== undefined && env.WALLET_MNEMONIC.trim() !== '') {
    // The message never repeats the value: it is the key to every member's deposit.
    if (!isValidMnemonic(env.WALLET_MNEMONIC)) throw new ConfigError('WALLET_MNEMONIC is not a valid BIP-39 mnemonic phrase');
    return normalize(env.WALLET_MNEMONIC);
  }
  if (env.NODE_ENV === 'production') throw new ConfigError('WALLET_MNEMONIC (a BIP-39 phrase) is required in production');
  return loadOrCreateDevMnemonic(env.DATA_DIR);
}
