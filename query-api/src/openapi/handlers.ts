import { readFileSync } from 'node:fs';
import { routes } from '@concierge/contracts';
import { reply, type SomeHandlers } from '@concierge/platform/http/handlers';
import { openApiDocument, type OpenApiDocument } from '@concierge/platform/openapi/document';
import { REFERENCE_STYLESHEET, referencePage } from '@concierge/platform/openapi/reference-page';

/** src/openapi/handlers.ts and dist/openapi/handlers.js both sit two levels below query-api/package.json. */
function apiVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/** The OpenAPI 3.1 document of the whole route table (both APIs), built once from it. */
export function productOpenApiDocument(): OpenApiDocument {
  return openApiDocument(routes, {
    title: 'Crypto Concierge API',
    version: apiVersion(),
    description:
      'Every route of the product, generated from the route table in contracts and its zod schemas. Commands answer the global `position` of what they appended; send it back as `X-Min-Position` on the next read to see your own write.',
  });
}

/** GET /openapi.json, GET /docs and its stylesheet: public, and built at the first call. */
export function openApiHandlers() {
  let built: { json: string; page: string } | undefined;
  const get = () => {
    if (!built) {
      const document = productOpenApiDocument();
      built = { json: JSON.stringify(document), page: referencePage(document) };
    }
    return built;
  };
  return {
    'openapi.document': () => reply.jsonText(get().json),
    'openapi.reference': () => get().page,
    'openapi.stylesheet': () => REFERENCE_STYLESHEET,
  } satisfies SomeHandlers<'query'>;
}
