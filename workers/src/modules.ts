import { auditWorkers } from './audit/module.js';
import { identityWorkers } from './identity/module.js';
import { moneyWorkers } from './money/module.js';
import { plansWorkers } from './plans/module.js';
import { portfolioWorkers } from './portfolio/module.js';
import { strategiesWorkers } from './strategies/module.js';
import type { ContextName } from '@concierge/contracts/shared/contexts';
import type { WorkersModule } from './workers-module.js';

/** One entry per context (`CONTEXTS` in contracts), checked by the compiler: a context without its workers module does not build. */
const BY_CONTEXT: { readonly [C in ContextName]: WorkersModule<C> } = {
  identity: identityWorkers,
  plans: plansWorkers,
  strategies: strategiesWorkers,
  money: moneyWorkers,
  portfolio: portfolioWorkers,
  audit: auditWorkers,
};

/** Every context's workers module, in the order their projections are caught up and rebuilt. */
export const WORKERS_MODULES: readonly WorkersModule[] = Object.values(BY_CONTEXT);
