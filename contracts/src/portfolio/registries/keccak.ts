/**
 * Keccak-256 (the pre-standard SHA-3 that Ethereum uses), written here because contracts imports
 * nothing but zod and an EIP-55 checksum needs it. Lanes are 64-bit bigints: slow, but it only
 * hashes a registry's few addresses.
 */

const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136; // 1088-bit rate for a 256-bit output
const ROUNDS = 24;

/** Bit t of the round-constant LFSR (Keccak reference, section 1.2). */
function lfsrBit(t: number): bigint {
  let state = 1;
  for (let i = 0; i < t % 255; i++) {
    state <<= 1;
    if (state & 0x100) state ^= 0x171;
  }
  return BigInt(state & 1);
}

const ROUND_CONSTANTS: readonly bigint[] = Array.from({ length: ROUNDS }, (_, round) => {
  let constant = 0n;
  for (let j = 0; j <= 6; j++) constant |= lfsrBit(j + 7 * round) << BigInt(2 ** j - 1);
  return constant;
});

/** Rotation offset of lane (x, y), indexed x + 5y. */
const ROTATIONS: readonly number[] = (() => {
  const offsets = Array.from({ length: 25 }, () => 0);
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    offsets[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return offsets;
})();

const rotl = (lane: bigint, by: number): bigint => (by === 0 ? lane : ((lane << BigInt(by)) | (lane >> BigInt(64 - by))) & MASK);

const lane = (state: bigint[], index: number): bigint => state[index] ?? 0n;

function permute(state: bigint[]): void {
  for (let round = 0; round < ROUNDS; round++) {
    const parity = Array.from({ length: 5 }, (_, x) => lane(state, x) ^ lane(state, x + 5) ^ lane(state, x + 10) ^ lane(state, x + 15) ^ lane(state, x + 20));
    for (let x = 0; x < 5; x++) {
      const d = (parity[(x + 4) % 5] ?? 0n) ^ rotl(parity[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = lane(state, x + y) ^ d;
    }
    const moved = Array.from({ length: 25 }, () => 0n);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(lane(state, x + 5 * y), ROTATIONS[x + 5 * y] ?? 0);
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        state[x + y] = lane(moved, x + y) ^ (~lane(moved, ((x + 1) % 5) + y) & MASK & lane(moved, ((x + 2) % 5) + y));
      }
    }
    state[0] = lane(state, 0) ^ (ROUND_CONSTANTS[round] ?? 0n);
  }
}

/** Keccak-256 of the bytes, as 64 lower-case hex characters (no 0x). */
export function keccak256Hex(input: Uint8Array): string {
  // Keccak padding (pad10*1 with the 0x01 domain byte, not SHA-3's 0x06).
  const padded = new Uint8Array(Math.floor(input.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(input);
  padded[input.length] = 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) | 0x80;

  const state = Array.from({ length: 25 }, () => 0n);
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES / 8; i++) {
      let word = 0n;
      for (let b = 7; b >= 0; b--) word = (word << 8n) | BigInt(padded[offset + i * 8 + b] ?? 0);
      state[i] = lane(state, i) ^ word;
    }
    permute(state);
  }

  let hex = '';
  for (let i = 0; i < 4; i++) {
    const word = lane(state, i);
    for (let b = 0; b < 8; b++) hex += ((word >> BigInt(8 * b)) & 0xffn).toString(16).padStart(2, '0');
  }
  return hex;
}
