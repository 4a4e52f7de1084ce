export * from './shared/envelope.js';
export * from './shared/route.js';
export * from './shared/problem.js';
export * from './users/index.js';
export * from './routes.js';
export * from './events.js';
