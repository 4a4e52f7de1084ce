// Reads the committed, pre-compiled Test USDC artifact. Tests never compile: the artifact is
// regenerated from workers/chain-src/TestUsdc.sol by workers/scripts/compile-test-usdc.mjs.
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

const artifactSchema = z.object({
  contractName: z.literal('TestUsdc'),
  abi: z.array(abiEntrySchema).min(1),
  bytecode: z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'bytecode must be 0x-prefixed hex'),
});

export type TestUsdcArtifact = z.infer<typeof artifactSchema>;

let cached: TestUsdcArtifact | undefined;

/** The token's ABI and creation bytecode, validated once per process. */
export function testUsdcArtifact(): TestUsdcArtifact {
  cached ??= artifactSchema.parse(
    JSON.parse(readFileSync(new URL('./test-usdc.artifact.json', import.meta.url), 'utf8')),
  );
  return cached;
}
