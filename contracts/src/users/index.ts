export * from './fields.js';
export * from './events.js';
export * from './commands.js';
export * from './dto.js';
export * as userRoutes from './routes.js';
export * from './read-model.js';
