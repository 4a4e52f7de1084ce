import { MIN_POSITION_HEADER, Problem, REQUEST_ID_PATTERN, TOTAL_COUNT_HEADER, type RouteDef } from '@concierge/contracts';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { jsonSchemaOf, parametersOf, type JsonSchema, type ParameterObject } from './schema.js';

/** The API root every route of the table sits below. */
export const API_ROOT = '/api';

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** An OpenAPI 3.1 document (kept as plain JSON: it is served and validated as such). */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: string; readonly paths: Record<string, Record<string, Operation>> };

interface Operation {
  readonly operationId: string;
  readonly [field: string]: unknown;
}

/** `/users/:id/approve` -> `/api/users/{id}/approve`. */
export function openApiPath(path: string): string {
  return API_ROOT + path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The errors the API shell answers, as problem details (platform/src/http/problem.ts); each once, referenced by operations. */
const PROBLEMS = {
  400: ['BadRequest', 'The request is malformed: a field that fails validation (listed in `errors`), a body that is not a JSON object, or a broken character.'],
  401: ['Unauthorized', 'No valid access token: sign in (or refresh the token) and send it as `Authorization: Bearer <token>`.'],
  403: ['Forbidden', "The caller's role or standing (pending, suspended) does not allow this, or the data is another member's."],
  404: ['NotFound', 'Nothing with that id, or no such route.'],
  409: ['Conflict', 'The state changed under the request (changed by someone else at the same moment, or a rule of the current state refuses it). Reload and try again.'],
  413: ['ContentTooLarge', 'The JSON body is over 100 kB.'],
  415: ['UnsupportedMediaType', 'The body is not UTF-8 encoded JSON.'],
  429: ['TooManyRequests', 'Too many attempts: wait for the seconds in `Retry-After`.'],
  503: ['ServiceUnavailable', 'A service or store is (re)starting or unreachable; nothing was changed. Retry after `Retry-After` seconds.'],
} as const satisfies Record<number, readonly [string, string]>;
type ProblemStatus = keyof typeof PROBLEMS;

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } };
const REQUEST_ID_RESPONSE = {
  description: 'The request id (sent by the client or assigned by the gateway); every log line of the request and the correlation id of events it appends carry it.',
  schema: { type: 'string' },
};

/** The error statuses a route can answer, from what the route table says about it. */
export function problemStatuses(route: RouteDef): ProblemStatus[] {
  const statuses: ProblemStatus[] = [];
  const hasInput = route.params !== undefined || route.query !== undefined || route.body !== undefined;
  if (hasInput || route.method === 'POST' || route.method === 'PUT') statuses.push(400);
  if (route.access !== 'public') statuses.push(401, 403);
  if (route.ownParam !== undefined && !statuses.includes(403)) statuses.push(403);
  if (route.params !== undefined) statuses.push(404);
  if (route.side === 'command') statuses.push(409);
  if (route.body !== undefined) statuses.push(413, 415);
  if (route.rateLimited === true) statuses.push(429);
  statuses.push(503);
  return statuses;
}

function accessText(route: RouteDef): string {
  if (route.access === 'public') return 'Anyone, signed in or not.';
  if (route.access === 'authenticated') return 'Any signed-in, approved account.';
  const own = route.ownParam !== undefined ? ` A member (role user) may pass only their own id as \`${route.ownParam}\`.` : '';
  return `Roles: ${route.access.join(', ')}.${own}`;
}

function successResponse(route: RouteDef): Record<string, unknown> {
  const headers: Record<string, unknown> = { [REQUEST_ID_HEADER]: REQUEST_ID_RESPONSE };
  if (route.totalCountHeader === true) {
    headers[TOTAL_COUNT_HEADER] = { description: 'The exact number of items of the whole list (the body holds one page).', schema: { type: 'integer', minimum: 0 } };
  }
  const schema = jsonSchemaOf(route.response, 'output', `${route.id} response`);
  return {
    description: route.side === 'command' ? 'Done; `position` is what to send back as X-Min-Position for read-your-writes.' : 'OK',
    headers,
    content: { [route.contentType ?? 'application/json']: { schema } },
  };
}

function operationOf(route: RouteDef): Operation {
  const parameters: (ParameterObject | { $ref: string })[] = [
    ...(route.params ? parametersOf(route.params, 'path', `${route.id} params`) : []),
    ...(route.query ? parametersOf(route.query, 'query', `${route.id} query`) : []),
  ];
  if (route.side === 'query' && route.reads !== undefined && route.reads.length > 0) {
    parameters.push({
      name: MIN_POSITION_HEADER,
      in: 'header',
      required: false,
      description: `The \`position\` of a command's answer: the read waits (bounded) until the read models it uses (${route.reads.join(', ')}) have reached it.`,
      schema: { type: 'string' },
    });
  }
  parameters.push({ $ref: '#/components/parameters/RequestId' });
  const responses: Record<string, unknown> = { [String(route.status ?? 200)]: successResponse(route) };
  for (const status of problemStatuses(route)) responses[String(status)] = { $ref: `#/components/responses/${PROBLEMS[status][0]}` };
  const body: JsonSchema | undefined = route.body ? jsonSchemaOf(route.body, 'input', `${route.id} body`) : undefined;
  return {
    operationId: route.id,
    tags: [route.id.split('.')[0] ?? route.id],
    summary: route.summary,
    description: `${accessText(route)}${route.sensitive === true ? ' The caller\'s standing is read fresh from the write side.' : ''} Served by the ${route.side} API.`,
    parameters,
    ...(body ? { requestBody: { required: !route.body?.safeParse(undefined).success, content: { 'application/json': { schema: body } } } } : {}),
    responses,
    // Public routes need no token; every other one takes the bearer access token.
    security: route.access === 'public' ? [] : [{ bearer: [] }],
  };
}

function components(): Record<string, unknown> {
  const problemSchema = jsonSchemaOf(Problem, 'output', 'Problem');
  const responses = Object.fromEntries(
    Object.entries(PROBLEMS).map(([status, [name, description]]) => [
      name,
      {
        description,
        headers: {
          [REQUEST_ID_HEADER]: REQUEST_ID_RESPONSE,
          ...(status === '429' || status === '503' ? { 'Retry-After': RETRY_AFTER } : {}),
        },
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    ]),
  );
  const requestId = {
    name: REQUEST_ID_HEADER,
    in: 'header',
    required: false,
    description: 'An id of your choosing for this call (else the gateway assigns one): it comes back in the answer, names the call in every log line and becomes the correlation id of the events it appends.',
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN.source },
  };
  return {
    schemas: { Problem: problemSchema },
    parameters: { RequestId: requestId },
    responses,
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from POST /api/auth/login (ES256, short-lived; refresh with POST /api/auth/refresh-token).' } },
  };
}

/**
 * The OpenAPI 3.1 document of the route table: paths, parameters, bodies and answers all come from
 * the table and its zod schemas, so the document cannot drift from what the APIs validate.
 */
export function openApiDocument(routes: readonly RouteDef[], info: OpenApiInfo): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (item[method] !== undefined) throw new Error(`Two routes for ${route.method} ${path}: ${item[method].operationId} and ${route.id}`);
    item[method] = operationOf(route);
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    servers: [{ url: '/', description: 'The gateway: the one origin of the app and its API.' }],
    security: [{ bearer: [] }],
    tags: [...new Set(routes.map((route) => route.id.split('.')[0] ?? route.id))].map((name) => ({ name })),
    paths,
    components: components(),
  };
}
