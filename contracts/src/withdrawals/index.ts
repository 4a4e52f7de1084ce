export * from './fields.js';
export * from './events.js';
export * from './commands.js';
export * from './dto.js';
export * as withdrawalRoutes from './routes.js';
export * from './read-model.js';
