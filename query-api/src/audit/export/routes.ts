import type { AuditPublicKey } from '@concierge/platform/audit/audit-key';
import { exportLines } from '@concierge/platform/audit/export/write';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { reply, type SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';

export const NO_SUCH_STREAM_MESSAGE = 'No stream has this id: pick one in the stream browser.';

export interface AuditExportDeps {
  /** Without it the route stays unbuilt (501). */
  readonly eventStore?: EventStore | undefined;
  /** Put in the export's header so it can be checked offline; without it verify-export needs --public-key. */
  readonly auditPublicKey?: AuditPublicKey | undefined;
}

/** The file name a browser saves the export under: the stream id with anything unusual replaced. */
export function exportFileName(streamId: string): string {
  return `audit-export-${streamId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120)}.jsonl`;
}

/**
 * GET /audit/export?stream=: the stream's events as the CLI's export (JSON lines, the latest signed
 * checkpoint and the stream's proof in the header), streamed page by page as an attachment. The
 * read is recorded (AuditRecordsViewed) before anything is read, like every audit route's.
 */
export function auditExportHandlers(deps: AuditExportDeps) {
  const { eventStore } = deps;
  if (!eventStore) return { 'audit.export': notImplemented } satisfies SomeHandlers<'query'>;
  return {
    'audit.export': async ({ query }) => {
      const [last] = await eventStore.readStream(query.stream, { direction: 'backwards', maxCount: 1 });
      if (!last) throw new NotFoundError(NO_SUCH_STREAM_MESSAGE);
      const filter = { stream: query.stream, ...(query.from === undefined ? {} : { from: query.from }), ...(query.to === undefined ? {} : { to: query.to }) };
      const lines = exportLines(eventStore, { filter, publicKey: deps.auditPublicKey ?? null });
      // The header is built (checkpoint read, proof computed) before the status is sent, so a failure there is an ordinary error answer.
      const first = await lines.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      // A failure past this point cuts the download short, so it fails verify-export (no trailer) rather than passing as complete.
      return reply.lines(all(), { 'content-disposition': `attachment; filename="${exportFileName(query.stream)}"`, 'cache-control': 'no-store' });
    },
  } satisfies SomeHandlers<'query'>;
}
