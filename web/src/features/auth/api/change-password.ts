import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation } from '@tanstack/react-query';
import { api, type RouteBody } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-storage';

/**
 * A password change ends every earlier session; the answer carries this device's new one. The
 * route's response schema (MessageAccepted) does not list the pair the server sends beside it.
 */
interface ChangePasswordResponse {
  readonly message: string;
  readonly token?: string;
  readonly refreshToken?: string;
}

export function changePassword(input: RouteBody<typeof usersRoutes.changePassword>): Promise<ChangePasswordResponse> {
  return api(usersRoutes.changePassword, { body: input });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => {
      // Without the new pair the next token refresh would fail and sign the member out.
      if (typeof result.token === 'string') storeTokens(result.token, typeof result.refreshToken === 'string' ? result.refreshToken : null);
    },
  });
}
