import { Contract, getAddress, id, Interface, type Log, type Provider } from 'ethers';
import { USDC_DECIMALS } from '@concierge/contracts';

/** The slice of ERC-20 the jobs use. */
export const erc20Interface = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);

export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');

export interface TokenTransfer {
  readonly from: string;
  readonly to: string;
  readonly value: bigint;
  readonly blockNumber: number;
  readonly transactionHash: string;
  readonly logIndex: number;
}

/** Decodes a Transfer log; undefined for anything that is not one (another event, a non-standard token). */
export function decodeTransfer(log: Log): TokenTransfer | undefined {
  if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) return undefined;
  const parsed = erc20Interface.parseLog({ topics: [...log.topics], data: log.data });
  if (!parsed) return undefined;
  const value: unknown = parsed.args.getValue('value');
  if (typeof value !== 'bigint') return undefined;
  return {
    from: getAddress(String(parsed.args.getValue('from'))),
    to: getAddress(String(parsed.args.getValue('to'))),
    value,
    blockNumber: log.blockNumber,
    transactionHash: log.transactionHash.toLowerCase(),
    logIndex: log.index,
  };
}

/** Calldata of `transfer(to, value)`. */
export function transferCalldata(to: string, value: bigint): string {
  return erc20Interface.encodeFunctionData('transfer', [to, value]);
}

export async function tokenBalance(provider: Provider, token: string, owner: string): Promise<bigint> {
  const balance: unknown = await new Contract(token, erc20Interface, provider).getFunction('balanceOf')(owner);
  if (typeof balance !== 'bigint') throw new Error(`balanceOf returned ${String(balance)}`);
  return balance;
}

/**
 * Token units are credited and paid as micro-USDC one to one, which is only right for a
 * 6-decimal token: a misconfigured USDC_ADDRESS must stop the job, not move wrong amounts.
 */
export async function assertUsdcDecimals(provider: Provider, token: string): Promise<void> {
  const decimals: unknown = await new Contract(token, erc20Interface, provider).getFunction('decimals')();
  if (decimals !== BigInt(USDC_DECIMALS)) {
    throw new Error(`Token ${token} has ${String(decimals)} decimals; USDC_ADDRESS must be a ${USDC_DECIMALS}-decimal USDC`);
  }
}
