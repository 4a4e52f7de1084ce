import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation } from '@tanstack/react-query';
import { api, type RouteBody } from '../../../lib/api-client';

export function register(input: RouteBody<typeof usersRoutes.register>) {
  return api(usersRoutes.register, { body: input });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
