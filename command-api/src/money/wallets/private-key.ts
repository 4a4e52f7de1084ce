import { STEP_UP_GRANT_HEADER } from '@concierge/contracts';
import type { Principal } from '@concierge/platform/auth/access-token';
import { reply, type SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import type { StepUpScope } from '@concierge/domain/identity/step-up/step-up';
import { grantKeyReveal, type KeyRevealDeps } from '@concierge/domain/money/wallets/grant-key-reveal';
import { revealPrivateKey } from '@concierge/domain/money/wallets/reveal-private-key';

export const PRIVATE_KEY_REVEALED_MESSAGE = 'Private key revealed. This access has been recorded.';
export const GRANT_ISSUED_MESSAGE = 'Password confirmed. The key can be revealed once in the next two minutes.';

/** Every answer here carries a secret (a grant, a key): no cache may keep it. */
const SECRET = { 'Cache-Control': 'no-store' } as const;

const scopeOf = ({ userId, sessionId }: Principal, memberId: string): StepUpScope => ({ adminId: userId, sessionId, memberId });

/**
 * POST /wallets/user/:id/private-key/grant (admin): password again and a reason -> a grant for one
 * reveal (a step-up limit answers 429 with Retry-After). GET /wallets/user/:id/private-key with
 * header X-Step-Up-Grant: the key leaves in this response alone, once the reveal is recorded.
 * Without the wallet phrase (`mnemonic`) both answer 501.
 */
export function privateKeyHandlers(deps: Omit<KeyRevealDeps, 'mnemonic'> & { readonly mnemonic?: string | undefined }) {
  const { mnemonic } = deps;
  if (mnemonic === undefined) return { 'wallets.privateKeyGrant': notImplemented, 'wallets.privateKey': notImplemented } satisfies SomeHandlers<'command'>;
  const reveal: KeyRevealDeps = { ...deps, mnemonic };
  return {
    'wallets.privateKeyGrant': async ({ params, body, caller, context }) => {
      const issued = await grantKeyReveal(reveal, { scope: scopeOf(caller, params.id), password: body.password, reason: body.reason }, context);
      return reply.body({ grant: issued.grant, expiresAt: issued.expiresAt, message: GRANT_ISSUED_MESSAGE, position: issued.position }, SECRET);
    },
    'wallets.privateKey': async ({ params, header, caller, context }) => {
      const grant = header(STEP_UP_GRANT_HEADER)?.trim() ?? '';
      const { address, privateKey, position } = await revealPrivateKey(reveal, { scope: scopeOf(caller, params.id), grant }, context);
      return reply.body({ address, privateKey, message: PRIVATE_KEY_REVEALED_MESSAGE, position }, SECRET);
    },
  } satisfies SomeHandlers<'command'>;
}
