import { z } from 'zod';
import type { HttpMethod, RouteDef } from '@concierge/contracts';

/** A bare route definition: routing tests care about method, path and side only. */
export function route(method: HttpMethod, path: string, side: RouteDef['side'] = 'query'): RouteDef {
  return { id: `${method} ${path}`, method, path, side, access: 'public', summary: path, response: z.unknown() };
}
