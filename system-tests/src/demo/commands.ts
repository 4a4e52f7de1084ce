// The demo's commands beside a running demo: `fund` and `allocate` (see main.ts).
import { formatUnits, parseUnits } from 'ethers';
import { memberAddress, strategyGroups } from './api.js';
import { demoChain, fund, simulatedSwap } from './chain.js';
import { fail } from './cli.js';
import { readState } from './settings.js';

const USDC_DECIMALS = 6;

/** `fund <email> <amount>`: USDC to the member's deposit address; deposit detection credits it. */
export async function fundCommand(args: readonly string[]): Promise<void> {
  const [email, amount] = args;
  if (!email || !amount || !/^\d+(\.\d{1,6})?$/.test(amount)) fail('usage: npm run demo -- fund <email> <amount>, e.g. fund member@demo.local 2500');
  const state = readState();
  const address = await memberAddress(email);
  const chain = demoChain(state);
  try {
    await fund(chain, address, parseUnits(amount, USDC_DECIMALS));
  } finally {
    chain.close();
  }
  console.log(`Sent ${amount} USDC to ${email} (${address}) on the development chain; deposit detection credits it in a few seconds.`);
}

/** `allocate <email> <group>=<percent>...`: a simulated swap of that share of the member's USDC into each group's tokens. */
export async function allocateCommand(args: readonly string[]): Promise<void> {
  const [email, ...mix] = args;
  const usage = 'usage: npm run demo -- allocate <email> <group>=<percent>..., e.g. allocate member@demo.local largeCaps=50 others=20';
  if (!email || mix.length === 0) fail(usage);
  const groups = await strategyGroups();
  const wanted = mix.map((item) => {
    const match = /^([^=]+)=(\d{1,3}(?:\.\d{1,2})?)$/.exec(item);
    if (!match?.[1] || !match[2]) fail(usage);
    const key = match[1].toLowerCase();
    const group = groups.find((g) => [g.id, g.name, g.displayName].some((name) => name.toLowerCase() === key));
    if (!group) fail(`no strategy group ${match[1]} (there are: ${groups.map((g) => g.name).join(', ')})`);
    return { group, hundredths: BigInt(Math.round(Number(match[2]) * 100)) };
  });
  const total = wanted.reduce((sum, w) => sum + w.hundredths, 0n);
  if (total > 10_000n) fail(`the percentages add up to ${formatUnits(total, 2)}%, more than 100%`);

  const state = readState();
  const address = await memberAddress(email);
  const chain = demoChain(state);
  try {
    const held = (await chain.token('USDC').getFunction('balanceOf')(address)) as bigint;
    if (held === 0n) fail(`${email} holds no USDC on the development chain: fund it first.`);
    const legs = wanted.flatMap(({ group, hundredths }) => {
      const symbols = group.tokenSymbols.filter((symbol) => state.tokens[symbol]);
      return symbols.map((symbol) => ({ symbol, usdc: (held * hundredths) / 10_000n / BigInt(symbols.length) }));
    });
    const minted = await simulatedSwap(chain, state, address, legs);
    console.log(`Simulated swap (development chain) for ${email}, of ${formatUnits(held, USDC_DECIMALS)} USDC held:`);
    for (const leg of minted) console.log(`  ${leg.usdc} USDC -> ${leg.amount} ${leg.symbol}`);
    console.log('The next valuation (at most SNAPSHOT_INTERVAL away, or Refresh on the Portfolio page) shows it.');
  } finally {
    chain.close();
  }
}
