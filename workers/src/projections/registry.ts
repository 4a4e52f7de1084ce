import { accessProjection } from './access/projection.js';
import { accountsProjection } from './accounts/projection.js';
import { auditEventsProjection } from './audit-events/projection.js';
import { auditStreamsProjection } from './audit-streams/projection.js';
import { depositsProjection } from './deposits/projection.js';
import { plansProjection } from './plans/projection.js';
import { portfolioProjection } from './portfolio/projection.js';
import type { Projection } from './runtime/projection.js';
import { strategiesProjection } from './strategies/projection.js';
import { usersProjection } from './users/projection.js';
import { walletsProjection } from './wallets/projection.js';
import { withdrawalAddressesProjection } from './withdrawal-addresses/projection.js';
import { withdrawalsProjection } from './withdrawals/projection.js';

/** Every read model the workers maintain. */
export const projections: readonly Projection[] = [
  accessProjection,
  usersProjection,
  plansProjection,
  strategiesProjection,
  walletsProjection,
  withdrawalAddressesProjection,
  withdrawalsProjection,
  depositsProjection,
  accountsProjection,
  portfolioProjection,
  auditStreamsProjection,
  auditEventsProjection,
];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
