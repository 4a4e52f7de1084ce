import type { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';
import { PortfolioSnapshotData, SnapshotReason } from './events.js';

/** Ask for a fresh valuation of a member's portfolio (admin button, member refresh, or schedule). */
export const RequestPortfolioSnapshot = defineCommand('RequestPortfolioSnapshot', {
  userId: EntityId,
  requestId: EntityId,
  reason: SnapshotReason,
});

/** The snapshot job records a valuation. It comes from a job payload, so money stays in wire form (digit strings). */
export const RecordPortfolioSnapshot = defineCommand('RecordPortfolioSnapshot', PortfolioSnapshotData.shape);

export const portfolioCommands = { RequestPortfolioSnapshot, RecordPortfolioSnapshot } as const;

export type RequestPortfolioSnapshot = z.infer<typeof RequestPortfolioSnapshot>;
export type RecordPortfolioSnapshot = z.infer<typeof RecordPortfolioSnapshot>;
export type PortfolioCommand = z.infer<(typeof portfolioCommands)[keyof typeof portfolioCommands]>;
