// Regenerates the committed Test USDC artifact from chain-src/TestUsdc.sol with solc-js
// (offline, no compiler download). Tests only read the artifact; run this after editing the source:
//   node workers/scripts/compile-test-usdc.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const SOURCE = fileURLToPath(new URL('../chain-src/TestUsdc.sol', import.meta.url));
const ARTIFACT = fileURLToPath(new URL('../src/chain/testing/test-usdc.artifact.json', import.meta.url));
const CONTRACT = 'TestUsdc';

const input = {
  language: 'Solidity',
  sources: { 'TestUsdc.sol': { content: readFileSync(SOURCE, 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    // Paris avoids PUSH0 and friends so the bytecode runs on any EVM the harness might use.
    evmVersion: 'paris',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
for (const entry of output.errors ?? []) process.stderr.write(`${entry.formattedMessage}\n`);
if (errors.length > 0) process.exit(1);

const compiled = output.contracts?.['TestUsdc.sol']?.[CONTRACT];
if (!compiled) throw new Error(`solc produced no ${CONTRACT} contract`);

const artifact = {
  contractName: CONTRACT,
  compiler: `solc-js ${solc.version()}`,
  abi: compiled.abi,
  bytecode: `0x${compiled.evm.bytecode.object}`,
};
writeFileSync(ARTIFACT, `${JSON.stringify(artifact, null, 2)}\n`);
process.stdout.write(`wrote ${ARTIFACT} (${(artifact.bytecode.length - 2) / 2} bytes of bytecode)\n`);
