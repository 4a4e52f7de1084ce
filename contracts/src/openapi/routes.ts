import { z } from 'zod';
import { defineRoute } from '../shared/route.js';

/** The OpenAPI 3.1 document of this table, as generated from it (platform/src/openapi). */
export const OpenApiDocumentResponse = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const document = defineRoute({
  id: 'openapi.document',
  method: 'GET',
  path: '/openapi.json',
  side: 'query',
  access: 'public',
  summary: 'This API described in OpenAPI 3.1, generated from the route table and its zod schemas.',
  response: OpenApiDocumentResponse,
});

export const reference = defineRoute({
  id: 'openapi.reference',
  method: 'GET',
  path: '/docs',
  side: 'query',
  contentType: 'text/html',
  access: 'public',
  summary: 'A readable reference page of the same document: every route, its access, parameters, body and answers.',
  response: z.string(),
});

export const stylesheet = defineRoute({
  id: 'openapi.stylesheet',
  method: 'GET',
  path: '/docs/reference.css',
  side: 'query',
  contentType: 'text/css',
  access: 'public',
  summary: "The reference page's stylesheet (a file of its own: the Content-Security-Policy allows no inline style).",
  response: z.string(),
});
