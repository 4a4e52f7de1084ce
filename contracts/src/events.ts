import type { z } from 'zod';
import { auditEvents } from './audit/events.js';
import { authEvents } from './auth/events.js';
import { uniqueValueEvents } from './shared/claims.js';
import { depositEvents } from './deposits/events.js';
import { portfolioEvents } from './portfolio/events.js';
import { strategyGroupEvents } from './strategies/events.js';
import { subscriptionPlanEvents } from './subscriptions/events.js';
import { userEvents } from './users/events.js';
import { walletEvents } from './wallets/events.js';
import { withdrawalAddressEvents } from './withdrawal-addresses/events.js';
import { withdrawalEvents, withdrawalReferenceEvents, withdrawalTransactionEvents } from './withdrawals/events.js';

/** Each context's event schemas, by type name (a type name belongs to exactly one context). */
export const eventSchemasByContext = {
  users: userEvents,
  auth: authEvents,
  subscriptions: subscriptionPlanEvents,
  claims: uniqueValueEvents,
  strategies: strategyGroupEvents,
  wallets: walletEvents,
  deposits: depositEvents,
  withdrawalAddresses: withdrawalAddressEvents,
  withdrawals: withdrawalEvents,
  withdrawalReferences: withdrawalReferenceEvents,
  withdrawalTransactions: withdrawalTransactionEvents,
  portfolio: portfolioEvents,
  audit: auditEvents,
} as const;

/** The data schema of every event type of the product, by type name. */
export const eventSchemas = {
  ...userEvents,
  ...authEvents,
  ...subscriptionPlanEvents,
  ...uniqueValueEvents,
  ...strategyGroupEvents,
  ...walletEvents,
  ...depositEvents,
  ...withdrawalAddressEvents,
  ...withdrawalEvents,
  ...withdrawalReferenceEvents,
  ...withdrawalTransactionEvents,
  ...portfolioEvents,
  ...auditEvents,
} as const satisfies Record<string, z.ZodType>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Events of the member's money stream `account-<userId>` (deposits and withdrawals). */
export const ACCOUNT_EVENT_TYPES = [
  'DepositRecorded',
  'DepositDetected',
  ...(Object.keys(withdrawalEvents) as (keyof typeof withdrawalEvents)[]),
] as const satisfies readonly EventType[];
