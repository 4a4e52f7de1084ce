/**
 * Stream naming: every stream is `<category>-<id>`; the category never contains a dash, the id
 * may. One stream per aggregate instance; reservation streams enforce uniqueness by being
 * appended with "no stream".
 */
export const STREAM_CATEGORIES = {
  /** Account lifecycle, profile and password: `user-<userId>`. */
  user: 'user',
  /** Email reservation: `userEmail-<sha256 hex of the lower-cased email>`. */
  userEmail: 'userEmail',
  /**
   * One password-reset link: `passwordReset-<link id>` (32 hex digits, the token's first part); links
   * mailed before the credential store: `passwordReset-<sha256 hex of the token>`. No secret, and no
   * hash of one, is in the events: the secret's hash is in the credential store.
   */
  passwordReset: 'passwordReset',
  /** One refresh session (a login on one device): `session-<sessionId>`. */
  session: 'session',
  /** A subscription plan: `plan-<planId>`. */
  plan: 'plan',
  /** Claim of a plan name, unique ignoring case: `planName-<sha256 hex of the normalised name>`. */
  planName: 'planName',
  /** A strategy group: `strategy-<strategyId>`. */
  strategy: 'strategy',
  /** Claim of a strategy group name, unique ignoring case: `strategyName-<sha256 hex of the normalised name>`. */
  strategyName: 'strategyName',
  /** Claim of a token symbol by the one strategy group that lists it: `strategyToken-<SYMBOL>`. */
  strategyToken: 'strategyToken',
  /** A member's deposit wallet (address assignment, private-key reveals, auto-withdrawal): `wallet-<userId>`. */
  wallet: 'wallet',
  /** Reservation of one HD derivation index: `walletIndex-<index>`, so no two members share an address. */
  walletIndex: 'walletIndex',
  /** An admin's step-ups before key reveals (grant hashes, wrong passwords, spent grants): `stepUp-<adminId>`. */
  stepUp: 'stepUp',
  /** A member's saved withdrawal addresses: `addressBook-<userId>`. */
  addressBook: 'addressBook',
  /** The member's money, the consistency boundary of the balance (deposits and withdrawals): `account-<userId>`. */
  account: 'account',
  /** A detected transfer to an account that is not an approved member, kept uncredited: `heldDeposit-<depositId>`. */
  heldDeposit: 'heldDeposit',
  /** Reservation of a deposit transaction hash: `depositTx-<lower-case tx hash>`. */
  depositTx: 'depositTx',
  /** Which member's account holds a withdrawal: `withdrawalRef-<withdrawalId>`, appended with "no stream". */
  withdrawalRef: 'withdrawalRef',
  /** A member's portfolio valuations: `portfolio-<userId>`. */
  portfolio: 'portfolio',
  /** How far deposit detection has scanned one token on one chain: `chainScan-<chainId>-<lower-case token address>`. */
  chainScan: 'chainScan',
  /** What one auditor (or admin) read through the audit routes: `auditReads-<userId>`. */
  auditReads: 'auditReads',
  /** Signed checkpoints of every stream's hash chain head: `auditCheckpoints-store`. */
  auditCheckpoints: 'auditCheckpoints',
} as const;

export type StreamCategory = (typeof STREAM_CATEGORIES)[keyof typeof STREAM_CATEGORIES];

/** `streamName('account', userId)` is `account-<userId>`. */
export function streamName(category: StreamCategory, id: string): string {
  if (id === '') throw new RangeError(`A ${category} stream needs an id`);
  return `${category}-${id}`;
}

/** Splits a stream name at its first dash; undefined when there is none. */
export function parseStreamName(name: string): { category: string; id: string } | undefined {
  const dash = name.indexOf('-');
  if (dash <= 0 || dash === name.length - 1) return undefined;
  return { category: name.slice(0, dash), id: name.slice(dash + 1) };
}
