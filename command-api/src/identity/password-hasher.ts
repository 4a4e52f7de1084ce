import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';

// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id cost. The defaults are OWASP's minimum recommendation (19 MiB, 2 passes, 1 lane). */
export interface Argon2Cost {
  readonly memoryKiB: number;
  readonly timeCost: number;
}

export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryKiB: 19_456, timeCost: 2 };

export function argon2idHasher(cost: Argon2Cost = DEFAULT_ARGON2_COST): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryKiB, timeCost: cost.timeCost, parallelism: 1 };
  return {
    hash: (password) => hash(password, options),
    verify: (stored, password) => verify(stored, password).catch(() => false),
  };
}
