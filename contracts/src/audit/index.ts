export * from './dto.js';
export * as auditRoutes from './routes.js';
