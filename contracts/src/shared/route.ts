import type { z } from 'zod';

export type Role = 'user' | 'admin' | 'auditor';
export const ROLES = ['user', 'admin', 'auditor'] as const satisfies readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `public`: anyone; `authenticated`: any signed-in, approved account; a role list: only those roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** One API route: the single source for gateway routing, validation, authorization and clients. */
export interface RouteDef {
  /** Stable identifier, `<context>.<action>`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path below the API root (`/api`), exactly as SPEC.md section 7; parameters as `:name`. */
  readonly path: string;
  /** Which API serves it. */
  readonly side: 'command' | 'query';
  readonly access: Access;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Query side: the projections whose read models it reads (for X-Min-Position). */
  readonly reads?: readonly string[];
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}
