export * from './events.js';
export * from './commands.js';
export * from './dto.js';
export * from './read-model.js';
export * as portfolioRoutes from './routes.js';
export * from './registries/index.js';
