import { getAddress, HDNodeWallet } from 'ethers';

/** A deposit wallet derived from the master mnemonic. `privateKey` must never be logged or stored. */
export interface DerivedWallet {
  /** EIP-55 checksummed. */
  readonly address: string;
  readonly derivationPath: string;
  readonly privateKey: string;
}

/** BIP-44 path of Ethereum-compatible (EVM) accounts: the same key serves Avalanche C-Chain, Polygon, BSC. */
const ACCOUNT_PATH = "m/44'/60'/0'/0";
export const depositDerivationPath = (index: number) => `${ACCOUNT_PATH}/${index}`;

/**
 * The account node (`m/44'/60'/0'/0`) of the last phrase used. Deriving it from the phrase costs a
 * PBKDF2 of 2,048 rounds and four hardened steps, about 40 ms; each deposit address below it is one
 * non-hardened step. The process holds the phrase anyway, so keeping its node adds no exposure.
 */
let accountNode: { readonly mnemonic: string; readonly node: HDNodeWallet } | undefined;

function accountNodeOf(mnemonic: string): HDNodeWallet {
  if (accountNode?.mnemonic !== mnemonic) accountNode = { mnemonic, node: HDNodeWallet.fromPhrase(mnemonic, undefined, ACCOUNT_PATH) };
  return accountNode.node;
}

/** Highest non-hardened BIP-32 index. */
export const MAX_DERIVATION_INDEX = 0x7fffffff;

export function deriveDepositWallet(mnemonic: string, index: number): DerivedWallet {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) {
    throw new RangeError(`A derivation index is a whole number from 0 to ${MAX_DERIVATION_INDEX}, not ${index}`);
  }
  const derivationPath = depositDerivationPath(index);
  const wallet = accountNodeOf(mnemonic).deriveChild(index);
  return { address: wallet.address, derivationPath, privateKey: wallet.privateKey };
}

/**
 * The EIP-55 form of an address, or undefined when it is not one: all-lower or all-upper hex is
 * accepted as is, but a mixed-case address must carry a correct checksum (a typo caught early).
 */
export function checksumAddress(address: string): string | undefined {
  try {
    return getAddress(address);
  } catch {
    return undefined;
  }
}
