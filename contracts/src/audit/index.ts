export * from './dto.js';
export * from './replay-verify.js';
export * from './time-travel.js';
export * from './events.js';
export * from './integrity.js';
export * from './tail-check.js';
export * from './provenance.js';
export * from './read-model.js';
export * as auditRoutes from './routes.js';
