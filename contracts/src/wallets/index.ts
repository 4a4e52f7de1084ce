export * from './events.js';
export * from './commands.js';
export * from './dto.js';
export * as walletRoutes from './routes.js';
export * from './read-model.js';
