import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { userRoutes } from '@concierge/contracts';
import { formatPosition } from '@concierge/platform/event-store/position';
import { parseOrThrow } from '@concierge/platform/http/validate';
import { registerAccount, type RegistrationDeps } from './register.js';

export const REGISTERED_MESSAGE = 'Registration successful! Your account is pending approval.';

export function registrationRoutes(deps: RegistrationDeps & { now?: () => Date }): Router {
  const router = Router();
  const route = userRoutes.register;
  router.post(route.path, async (req, res) => {
    const input = parseOrThrow(route.body, req.body);
    const requestId = String(res.getHeader('x-request-id') ?? randomUUID());
    const { userId, position } = await registerAccount(deps, input, {
      actor: { type: 'system', reason: 'self-registration' },
      correlationId: requestId,
      causationId: requestId,
      now: deps.now?.() ?? new Date(),
    });
    res.status(201).json({ message: REGISTERED_MESSAGE, userId, position: position ? formatPosition(position) : null });
  });
  return router;
}
