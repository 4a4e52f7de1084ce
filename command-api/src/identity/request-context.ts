import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { Actor } from '@concierge/platform/event-store/port';
import type { CommandContext } from '@concierge/domain/shared/command-context';

/** The command context of one request, for an actor known only once the handler has looked. */
export function contextFor(res: Response, now: () => Date): (actor: Actor) => CommandContext {
  const requestId = String(res.getHeader('x-request-id') ?? randomUUID());
  const at = now();
  return (actor) => ({ actor, correlationId: requestId, causationId: requestId, now: at });
}

/** The command context of a request by the signed-in caller. */
export function callerContext(req: Request, res: Response, now: () => Date): CommandContext {
  const { userId, role } = principalOf(req);
  return contextFor(res, now)({ type: 'user', userId, role });
}
