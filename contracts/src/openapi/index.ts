export * as openapiRoutes from './routes.js';
export { OpenApiDocumentResponse } from './routes.js';
