import type { Request, RequestHandler, Response } from 'express';
import { STEP_UP_GRANT_HEADER, walletRoutes, type PrivateKeyGrantResponse, type PrivateKeyResponse } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { ForbiddenError, NotFoundError } from '@concierge/platform/errors';
import { inputOf } from '@concierge/platform/http/route-table';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import { callerContext } from '../../identity/request-context.js';
import { StepUpLimitError } from '@concierge/domain/identity/step-up/decide';
import { issueStepUpGrant, spendStepUpGrant, type StepUpScope } from '@concierge/domain/identity/step-up/grants';
import { loadState } from '@concierge/domain/shared/aggregate';
import { NO_DEPOSIT_ADDRESS_MESSAGE, walletAggregate } from '@concierge/domain/money/wallets/decide';
import { metadataOf, onWallet, wire, type WalletDeps } from './routes.js';
import { walletStreamId, type DepositAddress } from '@concierge/domain/money/wallets/wallet';

export const PRIVATE_KEY_REVEALED_MESSAGE = 'Private key revealed. This access has been recorded.';
export const GRANT_ISSUED_MESSAGE = 'Password confirmed. The key can be revealed once in the next two minutes.';
export const STEP_UP_REQUIRED_MESSAGE = 'Re-enter your password and give a reason to reveal this key.';
export const MNEMONIC_MISMATCH_MESSAGE =
  "The configured wallet mnemonic does not derive this member's deposit address; check WALLET_MNEMONIC.";

/** A grant is 43 characters; anything much longer is not one and is not worth hashing. */
const MAX_GRANT_LENGTH = 128;

export interface PrivateKeyDeps extends WalletDeps {
  readonly hasher: PasswordHasher;
  readonly mnemonic: string;
}

/** The member's deposit address, or 404 before anything is counted, spent or recorded. */
async function depositOf(deps: WalletDeps, memberId: string): Promise<DepositAddress> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  const { state } = await loadState(deps.eventStore, walletStreamId(memberId), walletAggregate);
  if (state.deposit === null) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  return state.deposit;
}

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
    await depositOf(deps, params.id);
    const ctx = callerContext(req, res, deps.now);
    await withRetryAfter(res, async () => {
      const issued = await issueStepUpGrant(deps, scopeOf(req, params.id), body.password, body.reason, ctx);
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
 * GET /wallets/user/:id/private-key (admin) with header X-Step-Up-Grant. The grant is spent first,
 * then the reveal is stored (PrivateKeyRevealed: the admin, the member, the reason, the time),
 * and only then does the key leave, in this response alone, which no cache may keep. A crash in
 * between leaves a spent grant and no key shown, never a key without its record.
 */
export function privateKeyHandler(deps: PrivateKeyDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, walletRoutes.privateKey);
    res.setHeader('Cache-Control', 'no-store');
    const deposit = await depositOf(deps, params.id);
    const grant = req.header(STEP_UP_GRANT_HEADER)?.trim() ?? '';
    if (grant === '' || grant.length > MAX_GRANT_LENGTH) throw new ForbiddenError(STEP_UP_REQUIRED_MESSAGE, { stepUpRequired: true });
    const derived = deriveDepositWallet(deps.mnemonic, deposit.derivationIndex);
    // A changed WALLET_MNEMONIC would hand out a key that does not control the address: stop, and log it for the operator.
    if (derived.address !== deposit.address) throw new Error(MNEMONIC_MISMATCH_MESSAGE);
    const ctx = callerContext(req, res, deps.now);
    const reason = await spendStepUpGrant(deps, scopeOf(req, params.id), grant, ctx);
    const command = { type: 'RevealPrivateKey' as const, data: { userId: params.id, reason }, metadata: metadataOf(ctx) };
    const { position } = await onWallet(deps, command, ctx);
    const body: PrivateKeyResponse = { address: derived.address, privateKey: derived.privateKey, message: PRIVATE_KEY_REVEALED_MESSAGE, position: wire(position) };
    res.json(body);
  };
}
