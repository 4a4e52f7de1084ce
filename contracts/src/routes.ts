import type { RouteDef } from './shared/route.js';
import * as users from './users/routes.js';

/** Every API route of the product (SPEC.md section 7), below the API root `/api`. */
export const routes: readonly RouteDef[] = [users.register, users.pendingUsers];
