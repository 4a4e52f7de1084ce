import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { userRoutes } from '@concierge/contracts';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { registerAccount, type RegistrationDeps } from './register.js';

export const REGISTERED_MESSAGE = 'Registration successful! Your account is pending approval.';

/** POST /auth/register */
export function registerHandler(deps: RegistrationDeps & { now?: () => Date }): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, userRoutes.register);
    const requestId = String(res.getHeader('x-request-id') ?? randomUUID());
    const { userId, position } = await registerAccount(deps, body, {
      actor: { type: 'system', reason: 'self-registration' },
      correlationId: requestId,
      causationId: requestId,
      now: deps.now?.() ?? new Date(),
    });
    res.status(201).json({ message: REGISTERED_MESSAGE, userId, position: position ? formatPosition(position) : null });
  };
}
