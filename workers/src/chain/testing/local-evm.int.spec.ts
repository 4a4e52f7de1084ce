import {
  HDNodeWallet,
  id,
  zeroPadValue,
  type Contract,
  type ContractTransactionReceipt,
  type ContractTransactionResponse,
} from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalEvm, type LocalEvm } from './local-evm.js';

// A member-address mnemonic distinct from the funded dev accounts, as deposit addresses will be.
const MEMBER_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');

function memberAddressAt(index: number): string {
  return HDNodeWallet.fromPhrase(MEMBER_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).address;
}

// Contract methods built from a runtime ABI are untyped: pin the shapes we rely on.
async function sendAndWait(pending: Promise<ContractTransactionResponse>) {
  const sent = await pending;
  const receipt: ContractTransactionReceipt | null = await sent.wait();
  if (!receipt) throw new Error(`no receipt for ${sent.hash}`);
  return { sent, receipt };
}

async function balanceOf(token: Contract, address: string): Promise<bigint> {
  const balance: unknown = await token.getFunction('balanceOf')(address);
  if (typeof balance !== 'bigint') throw new Error(`balanceOf returned ${String(balance)}`);
  return balance;
}

describe('local EVM with Test USDC', () => {
  let evm: LocalEvm;

  beforeAll(async () => {
    const started = performance.now();
    evm = await startLocalEvm();
    console.log(`local EVM started in ${Math.round(performance.now() - started)} ms at ${evm.rpcUrl}`);
  });

  afterAll(async () => {
    await evm?.stop();
  });

  it('deploys a 6-decimal token named Test USD Coin', async () => {
    const token = await evm.deployTestUsdc();
    expect(await token.getFunction('name')()).toBe('Test USD Coin');
    expect(await token.getFunction('symbol')()).toBe('USDC');
    expect(await token.getFunction('decimals')()).toBe(6n);
    expect(await token.getFunction('totalSupply')()).toBe(0n);
  });

  it('pays a member address and finds exactly that transfer by topic in getLogs', async () => {
    const token = await evm.deployTestUsdc();
    const tokenAddress = await token.getAddress();
    const [, payer] = evm.wallets;
    if (!payer) throw new Error('need a second funded account');
    const member = memberAddressAt(7);
    expect(member).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await sendAndWait(token.getFunction('mint')(payer.address, 100_000_000n));
    const started = performance.now();
    const { sent, receipt } = await sendAndWait(token.connect(payer).getFunction('transfer')(member, 12_345_678n));
    console.log(`transfer + receipt in ${Math.round(performance.now() - started)} ms`);
    expect(receipt.status).toBe(1);

    expect(await balanceOf(token, payer.address)).toBe(87_654_322n);
    expect(await balanceOf(token, member)).toBe(12_345_678n);
    expect(await token.getFunction('totalSupply')()).toBe(100_000_000n);

    const transferLogs = receipt.logs.filter((log) => log.topics[0] === TRANSFER_TOPIC);
    expect(transferLogs).toHaveLength(1);
    const [transferLog] = transferLogs;
    if (!transferLog) throw new Error('no Transfer log in the receipt');
    const decoded = token.interface.parseLog(transferLog);
    expect(decoded?.name).toBe('Transfer');
    expect(decoded?.args.getValue('from')).toBe(payer.address);
    expect(decoded?.args.getValue('to')).toBe(member);
    expect(decoded?.args.getValue('value')).toBe(12_345_678n);

    // What deposit detection will do: scan a block range for transfers to one member address.
    const found = await evm.provider.getLogs({
      address: tokenAddress,
      topics: [TRANSFER_TOPIC, null, zeroPadValue(member, 32)],
      fromBlock: 0,
      toBlock: 'latest',
    });
    expect(found).toHaveLength(1);
    const [log] = found;
    expect(log?.blockNumber).toBe(receipt.blockNumber);
    expect(log?.transactionHash).toBe(sent.hash);
    expect(log?.index).toBe(transferLog.index);
    expect(log?.address).toBe(tokenAddress);

    // The recipient topic really filters: the mint to the payer and other members do not match.
    const otherMember = await evm.provider.getLogs({
      address: tokenAddress,
      topics: [TRANSFER_TOPIC, null, zeroPadValue(memberAddressAt(8), 32)],
      fromBlock: 0,
      toBlock: 'latest',
    });
    expect(otherMember).toHaveLength(0);
  });

  it('counts confirmations as blocks are mined on top', async () => {
    const token = await evm.deployTestUsdc();
    const { receipt } = await sendAndWait(token.getFunction('mint')(memberAddressAt(1), 1n));
    await evm.mineBlocks(5);
    expect(await evm.provider.getBlockNumber()).toBe(receipt.blockNumber + 5);
    expect(await receipt.confirmations()).toBe(6);
  });
});
