import { Router } from 'express';
import { userRoutes } from '@concierge/contracts';
import { parseOrThrow } from '@concierge/platform/http/validate';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { awaitMinPosition } from '../shared/min-position.js';
import { pendingUsers } from './queries.js';

export interface UserQueryDeps {
  readonly readStore: ReadStore;
  readonly minPositionTimeoutMs: number;
}

export function userQueryRoutes(deps: UserQueryDeps): Router {
  const router = Router();
  const pending = userRoutes.pendingUsers;
  router.get(pending.path, awaitMinPosition(deps.readStore, pending.reads, deps.minPositionTimeoutMs), async (req, res) => {
    const { limit } = parseOrThrow(pending.query, req.query);
    res.json(await pendingUsers(deps.readStore, limit));
  });
  return router;
}
