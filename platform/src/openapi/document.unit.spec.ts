import { validate, compileErrors } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute, routes, type RouteDef } from '@concierge/contracts';
import { documentCoverage } from './coverage.js';
import { openApiDocument } from './document.js';
import { referencePage } from './reference-page.js';

const info = { title: 'Crypto Concierge API', version: '0.1.0' };
const document = openApiDocument(routes, info);
const operation = (path: string, method: string): Record<string, unknown> => document.paths[path]?.[method] ?? {};

describe('the OpenAPI document of the route table', () => {
  it('is a valid OpenAPI 3.1 document (checked by @readme/openapi-parser against the specification schema)', async () => {
    const result = await validate(structuredClone(document) as unknown as OpenAPIV3_1.Document);

    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('documents every route of the table and nothing else: a route left out or a path without a route fails here', () => {
    expect(documentCoverage(routes, document)).toEqual({ missing: [], unrouted: [] });

    const withoutLogin = structuredClone(document);
    delete withoutLogin.paths['/api/auth/login'];
    const withExtra = structuredClone(document);
    withExtra.paths['/api/users/{id}/promote'] = { post: { operationId: 'users.promote' } };
    expect(documentCoverage(routes, withoutLogin).missing).toEqual(['auth.login (POST /api/auth/login)']);
    expect(documentCoverage(routes, withExtra).unrouted).toEqual(['POST /api/users/{id}/promote']);
  });

  it('writes paths below /api with {param} parameters taken from the params schema', () => {
    const approve = operation('/api/users/{id}/approve', 'post');

    expect(approve['operationId']).toBe('users.approve');
    expect(approve['parameters']).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true }), { $ref: '#/components/parameters/RequestId' }]);
    expect(document['components']).toMatchObject({ parameters: { RequestId: { name: 'X-Request-Id', in: 'header', required: false } } });
  });

  it('asks for the bearer token exactly where the route is not public, and says which roles pass', () => {
    expect(operation('/api/auth/login', 'post')['security']).toEqual([]);
    expect(operation('/api/users', 'get')['security']).toEqual([{ bearer: [] }]);
    expect(operation('/api/users', 'get')['description']).toContain('Roles: admin, auditor.');
    expect(document['components']).toMatchObject({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } });
  });

  it('answers with the success status, media type and headers the route table gives, and the problem details the shell sends', () => {
    const register = operation('/api/auth/register', 'post');
    const users = operation('/api/users', 'get');
    const exported = operation('/api/audit/export', 'get');

    expect(Object.keys(register['responses'] as object)).toEqual(['201', '400', '409', '413', '415', '429', '503']);
    expect(Object.keys(users['responses'] as object)).toEqual(['200', '400', '401', '403', '503']);
    expect(users['parameters']).toContainEqual(expect.objectContaining({ name: 'X-Min-Position', in: 'header' }));
    expect(exported['responses']).toMatchObject({ '200': { content: { 'application/x-ndjson': { schema: { type: 'string' } } } } });
    expect(operation('/api/deposits', 'get')['responses']).toMatchObject({ '200': { headers: { 'X-Total-Count': expect.any(Object) } } });
    expect(document['components']).toMatchObject({
      responses: { TooManyRequests: { headers: { 'Retry-After': expect.any(Object) }, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
    });
  });

  it('documents the tail check for auditors and admins, and the 429 with Retry-After of a replay-verification started too soon', () => {
    const tail = operation('/api/audit/verification/tail', 'post');
    const replay = operation('/api/audit/replay-verifications', 'post');

    expect(tail['operationId']).toBe('audit.verifyTail');
    expect(tail['description']).toContain('Roles: auditor, admin.');
    expect(tail['responses']).toMatchObject({ '200': { content: { 'application/json': { schema: { required: expect.arrayContaining(['verdict', 'events', 'from', 'upTo', 'breaks']) } } } } });
    expect(Object.keys(replay['responses'] as object)).toEqual(['202', '400', '401', '403', '413', '415', '429', '503']);
  });

  it('describes what a client sends before defaults and coercions, and what it gets after them', () => {
    const list = operation('/api/users', 'get');
    const page = (list['parameters'] as { name: string; required: boolean }[]).find((parameter) => parameter.name === 'page');

    // `page` has a default: a client may leave it out.
    expect(page?.required).toBe(false);
    expect(operation('/api/withdrawals/request', 'post')).toMatchObject({ requestBody: { required: true, content: { 'application/json': { schema: { required: ['amount'] } } } } });
  });

  it('refuses a schema JSON Schema cannot express rather than describing it as anything, naming the route', () => {
    const bigintRoute: RouteDef = defineRoute({ id: 'test.big', method: 'GET', path: '/big', side: 'query', access: 'public', summary: 'x', response: z.object({ n: z.bigint() }) });

    expect(() => openApiDocument([bigintRoute], info)).toThrow(/test\.big response/);
  });

  it('renders a reference page with no script, no inline style and nothing from another origin', () => {
    const page = referencePage(document);

    expect(page).toContain('<link rel="stylesheet" href="/api/docs/reference.css">');
    expect(page).toContain('id="users.approve"');
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son\w+=|https?:\/\//i);
  });
});
