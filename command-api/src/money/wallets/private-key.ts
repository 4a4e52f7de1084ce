import type { Request, RequestHandler, Response } from 'express';
import { STEP_UP_GRANT_HEADER, walletRoutes, type PrivateKeyGrantResponse, type PrivateKeyResponse } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { inputOf } from '@concierge/platform/http/route-table';
import { StepUpLimitError } from '@concierge/domain/identity/step-up/decide';
import type { StepUpScope } from '@concierge/domain/identity/step-up/step-up';
import { grantKeyReveal, type KeyRevealDeps } from '@concierge/domain/money/wallets/grant-key-reveal';
import { revealPrivateKey } from '@concierge/domain/money/wallets/reveal-private-key';
import { callerContext } from '../../identity/request-context.js';
import { wire, type WalletDeps } from './routes.js';

export const PRIVATE_KEY_REVEALED_MESSAGE = 'Private key revealed. This access has been recorded.';
export const GRANT_ISSUED_MESSAGE = 'Password confirmed. The key can be revealed once in the next two minutes.';

export interface PrivateKeyDeps extends WalletDeps, KeyRevealDeps {}

const scopeOf = (req: Request, memberId: string): StepUpScope => {
  const { userId, sessionId } = principalOf(req);
  return { adminId: userId, sessionId, memberId };
};

/** Answers a limit with the `Retry-After` header a client can wait on. */
async function withRetryAfter(res: Response, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof StepUpLimitError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

/** POST /wallets/user/:id/private-key/grant (admin): password again and a reason -> a grant for one reveal. */
export function privateKeyGrantHandler(deps: PrivateKeyDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, walletRoutes.privateKeyGrant);
    res.setHeader('Cache-Control', 'no-store');
    const ctx = callerContext(req, res, deps.now);
    await withRetryAfter(res, async () => {
      const issued = await grantKeyReveal(deps, { scope: scopeOf(req, params.id), password: body.password, reason: body.reason }, ctx);
      const reply: PrivateKeyGrantResponse = {
        grant: issued.grant,
        expiresAt: issued.expiresAt,
        message: GRANT_ISSUED_MESSAGE,
        position: wire(issued.position),
      };
      res.json(reply);
    });
  };
}

/**
 * GET /wallets/user/:id/private-key (admin) with header X-Step-Up-Grant: the key leaves in this
 * response alone, which no cache may keep, once the reveal is recorded.
 */
export function privateKeyHandler(deps: PrivateKeyDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, walletRoutes.privateKey);
    res.setHeader('Cache-Control', 'no-store');
    const grant = req.header(STEP_UP_GRANT_HEADER)?.trim() ?? '';
    const revealed = await revealPrivateKey(deps, { scope: scopeOf(req, params.id), grant }, callerContext(req, res, deps.now));
    const { address, privateKey, position } = revealed;
    const body: PrivateKeyResponse = { address, privateKey, message: PRIVATE_KEY_REVEALED_MESSAGE, position: wire(position) };
    res.json(body);
  };
}
