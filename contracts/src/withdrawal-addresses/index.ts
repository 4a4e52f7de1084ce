export * from './events.js';
export * from './commands.js';
export * from './dto.js';
export * as withdrawalAddressRoutes from './routes.js';
export * from './read-model.js';
