import { keccak256Hex } from './keccak.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 mixed-case form of an address (each hex letter upper-cased where the keccak-256 of the
 * lower-case address has a nibble of 8 or more), or undefined when the text is no address.
 */
export function eip55Address(address: string): string | undefined {
  if (!HEX_ADDRESS.test(address)) return undefined;
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(new TextEncoder().encode(lower));
  let result = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    result += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

/** True when the address is written exactly in its EIP-55 form. */
export const isEip55Address = (address: string): boolean => eip55Address(address) === address;
