import type { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { PortfolioSnapshotRecorded } from './events.js';

/** The snapshot job records a valuation; once per slot (a repeat of the slot changes nothing). */
export const RecordPortfolioSnapshot = defineCommand('RecordPortfolioSnapshot', PortfolioSnapshotRecorded.omit({ recordedAt: true }).shape);

export const portfolioCommands = { RecordPortfolioSnapshot } as const;

export type RecordPortfolioSnapshot = z.infer<typeof RecordPortfolioSnapshot>;
export type PortfolioCommand = RecordPortfolioSnapshot;
