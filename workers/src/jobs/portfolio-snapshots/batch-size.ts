import { DEFAULT_MEMBERS_PER_CALL } from '../../chain/portfolio/chain-sources.js';

/** Members valued together: one balance call (Multicall3) reads every token of this many members. */
export const SNAPSHOT_BATCH_SIZE = DEFAULT_MEMBERS_PER_CALL;

/** SNAPSHOT_CONCURRENCY's default: one full batch of member jobs in a worker at a time. */
export const SNAPSHOT_CONCURRENCY_DEFAULT = SNAPSHOT_BATCH_SIZE;
