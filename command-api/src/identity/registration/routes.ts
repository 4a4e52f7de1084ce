import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { authRoutes, userRoutes } from '@concierge/contracts';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { registerMember, type MemberRegistrationDeps } from '@concierge/domain/identity/registration/register-member';
import { verifyEmail, type VerifyEmailDeps } from '@concierge/domain/identity/registration/verify-email';

export const REGISTERED_MESSAGE = 'Registration successful! Your account is pending approval.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is confirmed. An administrator will now review your registration.';

type Clock = { now?: () => Date };

function context(res: Response, clock: Clock, reason: string): CommandContext {
  const requestId = String(res.getHeader('x-request-id') ?? randomUUID());
  return { actor: { type: 'system', reason }, correlationId: requestId, causationId: requestId, now: clock.now?.() ?? new Date() };
}

/** POST /auth/register: the same answer for a free and a taken email. */
export function registerHandler(deps: MemberRegistrationDeps & Clock): RequestHandler {
  return async (req: Request, res: Response) => {
    const { body } = inputOf(req, userRoutes.register);
    const { position } = await registerMember(deps, body, context(res, deps, 'self-registration'));
    res.status(201).json({ message: REGISTERED_MESSAGE, position: position ? formatPosition(position) : null });
  };
}

/** POST /auth/verify-email */
export function verifyEmailHandler(deps: VerifyEmailDeps & Clock): RequestHandler {
  return async (req: Request, res: Response) => {
    const { body } = inputOf(req, authRoutes.verifyEmail);
    const position = await verifyEmail(deps, { token: body.token }, context(res, deps, 'email-confirmation'));
    res.json({ message: EMAIL_VERIFIED_MESSAGE, position: position ? formatPosition(position) : null });
  };
}
