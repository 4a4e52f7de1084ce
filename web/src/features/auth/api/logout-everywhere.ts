import * as authRoutes from '@concierge/contracts/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends every session of the account, this device's included. */
export function logoutEverywhere() {
  return api(authRoutes.logoutEverywhere, { body: {} });
}

export function useLogoutEverywhereMutation() {
  return useMutation({ mutationFn: logoutEverywhere });
}
