import type { RegisterRequest } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function register(input: RegisterRequest): Promise<{ message: string }> {
  return api(usersRoutes.register, { body: input });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
