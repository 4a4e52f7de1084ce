import type { Response } from 'express';
import { TOTAL_COUNT_HEADER } from '@concierge/contracts';

/** Sends the exact total of a list whose body is a bare array (routes with `totalCountHeader`). */
export function setTotalCount(res: Response, total: number): void {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
}
