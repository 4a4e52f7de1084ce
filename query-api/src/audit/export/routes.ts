import { once } from 'node:events';
import type { RequestHandler, Response } from 'express';
import { AUDIT_EXPORT_MEDIA_TYPE, auditRoutes } from '@concierge/contracts';
import type { AuditPublicKey } from '@concierge/platform/audit/audit-key';
import { exportLines } from '@concierge/platform/audit/export/write';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { inputOf } from '@concierge/platform/http/route-table';

export const NO_SUCH_STREAM_MESSAGE = 'No stream has this id: pick one in the stream browser.';

export interface AuditExportDeps {
  /** Without it the route stays unbuilt (501). */
  readonly eventStore?: EventStore;
  /** Put in the export's header so it can be checked offline; without it verify-export needs --public-key. */
  readonly auditPublicKey?: AuditPublicKey;
}

/** The file name a browser saves the export under: the stream id with anything unusual replaced. */
export function exportFileName(streamId: string): string {
  return `audit-export-${streamId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120)}.jsonl`;
}

/** Writes one line, waiting for a slow client; false once the client has gone. */
async function writeLine(res: Response, line: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(`${line}\n`)) return true;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

/**
 * GET /audit/export?stream=: the stream's events as the CLI's export (JSON lines, the latest signed
 * checkpoint and the stream's proof in the header), streamed page by page as an attachment. The
 * read is recorded (AuditRecordsViewed) before anything is read, like every audit route's.
 */
export function auditExportHandlers(deps: AuditExportDeps): Record<string, RequestHandler> {
  const { eventStore } = deps;
  if (!eventStore) return {};
  return {
    [auditRoutes.exportStream.id]: async (req, res) => {
      const { query } = inputOf(req, auditRoutes.exportStream);
      const [last] = await eventStore.readStream(query.stream, { direction: 'backwards', maxCount: 1 });
      if (!last) throw new NotFoundError(NO_SUCH_STREAM_MESSAGE);
      const filter = { stream: query.stream, ...(query.from === undefined ? {} : { from: query.from }), ...(query.to === undefined ? {} : { to: query.to }) };
      const lines = exportLines(eventStore, { filter, publicKey: deps.auditPublicKey ?? null });
      // The header is built (checkpoint read, proof computed) before the status is sent, so a failure there is an ordinary error answer.
      const first = await lines.next();
      res.status(200);
      res.setHeader('content-type', `${AUDIT_EXPORT_MEDIA_TYPE}; charset=utf-8`);
      res.setHeader('content-disposition', `attachment; filename="${exportFileName(query.stream)}"`);
      res.setHeader('cache-control', 'no-store');
      try {
        if (!first.done && !(await writeLine(res, first.value))) return;
        for await (const line of lines) if (!(await writeLine(res, line))) return;
        res.end();
      } catch (error) {
        // Too late for an error answer: cut the download short, so it fails verify-export (no trailer) rather than passing as complete.
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
