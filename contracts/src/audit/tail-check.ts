import { z } from 'zod';
import { PositionText } from '../shared/envelope.js';
import { ChainBreakDto } from './integrity.js';

/** How many breaks a tail check lists in full; `breakCount` counts them all. */
export const TAIL_BREAKS_LISTED = 100;

/**
 * POST /audit/verification/tail: the hash chain of every event after the last signed checkpoint,
 * verified when asked (the checkpoint job's verdict can be an hour old). `intact`: every event
 * after the checkpoint hashes to its recorded hash and links to the one before it; `broken`: the
 * breaks, each naming its stream and revision.
 */
export const TailVerification = z.object({
  verdict: z.enum(['intact', 'broken']),
  checkedAt: z.iso.datetime(),
  /** The checkpoint the tail starts after; null when none was signed yet (then the whole store is the tail). */
  checkpoint: z
    .object({ sequence: z.number().int(), upTo: PositionText, createdAt: z.string(), signatureValid: z.boolean().nullable() })
    .nullable(),
  /** Events after this position were checked (`0-0`: from the first event). */
  from: PositionText,
  /** The position of the last event checked. */
  upTo: PositionText,
  events: z.number().int().min(0),
  streams: z.number().int().min(0),
  breakCount: z.number().int().min(0),
  /** The first TAIL_BREAKS_LISTED breaks, in the store's order. */
  breaks: z.array(ChainBreakDto),
});
export type TailVerification = z.infer<typeof TailVerification>;
