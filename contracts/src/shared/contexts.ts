/**
 * The bounded contexts. Each workspace keeps one folder per context, and each service gathers its
 * contexts' modules (the workers' projections and queues, the query API's read-model indexes) by
 * this list, so a module left out does not compile.
 */
export const CONTEXTS = ['identity', 'money', 'plans', 'strategies', 'portfolio', 'audit'] as const;
export type ContextName = (typeof CONTEXTS)[number];
