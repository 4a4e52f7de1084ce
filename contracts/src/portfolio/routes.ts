import { IdParams } from '../shared/fields.js';
import { defineRoute } from '../shared/route.js';
import { PerformanceQuery, PortfolioPerformanceResponse, SnapshotAccepted, SnapshotRequest } from './dto.js';

export const performance = defineRoute({
  id: 'portfolio.performance',
  method: 'GET',
  path: '/wallets/performance',
  side: 'query',
  access: ['user'],
  summary: "The member's latest portfolio valuation; refresh=true also queues a new one.",
  query: PerformanceQuery,
  response: PortfolioPerformanceResponse,
  reads: ['portfolio'],
});

export const snapshot = defineRoute({
  id: 'portfolio.snapshot',
  method: 'POST',
  path: '/wallets/user/:id/snapshot',
  side: 'command',
  status: 202,
  access: ['admin'],
  summary: "An admin asks for a fresh valuation of a member's portfolio (user id in the path).",
  params: IdParams,
  body: SnapshotRequest,
  response: SnapshotAccepted,
});
