import type { LoginResponse } from '@concierge/contracts';
import * as authRoutes from '@concierge/contracts/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, type RouteBody } from '../../../lib/api-client';

export function login(input: RouteBody<typeof authRoutes.login>): Promise<LoginResponse> {
  return api(authRoutes.login, { body: input });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

/** The server refuses a pending account with 403 and a body carrying status pending. */
export function isPendingApproval(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return record['status'] === 'pending' || record['accountStatus'] === 'pending';
}
