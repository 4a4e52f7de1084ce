export * from './dto.js';
export * from './replay-verify.js';
export * from './time-travel.js';
export * as auditRoutes from './routes.js';
