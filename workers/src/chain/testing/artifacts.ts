// Reads the committed, pre-compiled local-EVM artifacts. Tests never compile: the artifacts are
// regenerated from workers/chain-src/*.sol by workers/scripts/compile-chain-src.mjs.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const abiParamSchema = z.looseObject({
  name: z.string().optional(),
  type: z.string(),
  internalType: z.string().optional(),
  indexed: z.boolean().optional(),
});

const abiEntrySchema = z.looseObject({
  type: z.string(),
  name: z.string().optional(),
  stateMutability: z.string().optional(),
  anonymous: z.boolean().optional(),
  inputs: z.array(abiParamSchema).optional(),
  outputs: z.array(abiParamSchema).optional(),
});

/** The contracts of workers/chain-src and the artifact file each one is compiled into. */
const ARTIFACT_FILES = {
  TestUsdc: 'test-usdc.artifact.json',
  TestToken: 'test-token.artifact.json',
  MockAggregator: 'mock-aggregator.artifact.json',
  LocalMulticall3: 'local-multicall3.artifact.json',
} as const;

export type LocalContractName = keyof typeof ARTIFACT_FILES;

const artifactSchema = z.object({
  contractName: z.enum(Object.keys(ARTIFACT_FILES) as [LocalContractName, ...LocalContractName[]]),
  abi: z.array(abiEntrySchema).min(1),
  bytecode: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'bytecode must be 0x-prefixed hex'),
});

export type ContractArtifact = z.infer<typeof artifactSchema>;
/** Kept for callers of the first artifact. */
export type TestUsdcArtifact = ContractArtifact;

const cache = new Map<LocalContractName, ContractArtifact>();

/** A contract's ABI and creation bytecode, validated once per process. */
export function contractArtifact(name: LocalContractName): ContractArtifact {
  const cached = cache.get(name);
  if (cached) return cached;
  const parsed = artifactSchema.parse(JSON.parse(readFileSync(new URL(`./${ARTIFACT_FILES[name]}`, import.meta.url), 'utf8')));
  if (parsed.contractName !== name) throw new Error(`${ARTIFACT_FILES[name]} holds ${parsed.contractName}, not ${name}`);
  cache.set(name, parsed);
  return parsed;
}

/** The Test USDC token's ABI and creation bytecode. */
export const testUsdcArtifact = (): ContractArtifact => contractArtifact('TestUsdc');
