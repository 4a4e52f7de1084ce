import type * as strategyRoutes from '@concierge/contracts/strategies/routes';
import type { RouteBody } from '../../../lib/api-client';

/**
 * What the Strategy Manager's form sends (the same body adds and edits a group): token symbols
 * already split, trimmed, upper-cased and without blanks; a risk level or colour left out follows
 * from the risk weight on the server.
 */
export type StrategyInput = RouteBody<typeof strategyRoutes.createStrategy>;
