import { randomBytes } from 'node:crypto';
import { Mnemonic } from 'ethers';
import { ConfigError } from '../config/env.js';
import { readOrCreateSecretFile } from '../config/secret-file.js';

/** Trims and collapses whitespace, so a phrase pasted with line breaks still reads as the same words. */
const normalize = (phrase: string) => phrase.trim().split(/\s+/).join(' ');

/** True when the phrase is a BIP-39 English mnemonic with a valid checksum. */
export function isValidMnemonic(phrase: string): boolean {
  return Mnemonic.isValidMnemonic(normalize(phrase));
}

/** The development mnemonic, generated once into `<dir>/wallet-mnemonic` (mode 0600). */
export function loadOrCreateDevMnemonic(dir: string): string {
  const path = `${dir}/wallet-mnemonic`;
  // 256 bits of entropy: a 24-word phrase.
  const stored = readOrCreateSecretFile(path, () => `${Mnemonic.fromEntropy(randomBytes(32)).phrase}\n`);
  const phrase = normalize(stored);
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
