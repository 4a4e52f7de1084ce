// Regenerates the committed local-EVM artifacts from chain-src/*.sol with solc-js 0.8.28 (offline,
// no compiler download). Tests and the demo only read the artifacts; run this after editing a source:
//   npm run compile-chain-src -w @concierge/workers
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

/** Each contract, its source file and the artifact it is written to (under src/chain/testing). */
const CONTRACTS = [
  { name: 'TestUsdc', source: 'TestUsdc.sol', artifact: 'test-usdc.artifact.json' },
  { name: 'TestToken', source: 'TestToken.sol', artifact: 'test-token.artifact.json' },
  { name: 'MockAggregator', source: 'MockAggregator.sol', artifact: 'mock-aggregator.artifact.json' },
  { name: 'LocalMulticall3', source: 'LocalMulticall3.sol', artifact: 'local-multicall3.artifact.json' },
];

const sourcePath = (file) => fileURLToPath(new URL(`../chain-src/${file}`, import.meta.url));
const artifactPath = (file) => fileURLToPath(new URL(`../src/chain/testing/${file}`, import.meta.url));

const input = {
  language: 'Solidity',
  sources: Object.fromEntries(CONTRACTS.map(({ source }) => [source, { content: readFileSync(sourcePath(source), 'utf8') }])),
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

for (const { name, source, artifact } of CONTRACTS) {
  const compiled = output.contracts?.[source]?.[name];
  if (!compiled) throw new Error(`solc produced no ${name} contract from ${source}`);
  const written = {
    contractName: name,
    compiler: `solc-js ${solc.version()}`,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
  writeFileSync(artifactPath(artifact), `${JSON.stringify(written, null, 2)}\n`);
  process.stdout.write(`wrote ${artifact} (${(written.bytecode.length - 2) / 2} bytes of bytecode)\n`);
}
