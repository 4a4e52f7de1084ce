import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation } from '@tanstack/react-query';
import { api, type RouteBody } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-storage';

/** A password change ends every earlier session; the answer carries this device's new pair. */
export function changePassword(input: RouteBody<typeof usersRoutes.changePassword>) {
  return api(usersRoutes.changePassword, { body: input });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => {
      // Without the new pair the next token refresh would fail and sign the member out.
      storeTokens(result.token, result.refreshToken);
    },
  });
}
