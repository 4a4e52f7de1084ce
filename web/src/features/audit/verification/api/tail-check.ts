import { useMutation } from '@tanstack/react-query';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import type { TailVerification } from '@concierge/contracts/audit/tail-check';
import { api } from '../../../../lib/api-client';

/** POST /audit/verification/tail: the hash chain of every event after the last signed checkpoint, verified now. */
export function verifyTail(): Promise<TailVerification> {
  return api(auditRoutes.verifyTail, { body: {} });
}

/** On demand only: each check reads the whole tail, so it is never polled. */
export function useVerifyTail() {
  return useMutation({ mutationFn: verifyTail });
}
