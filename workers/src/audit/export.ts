import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { AuditKeyConfig, auditPublicKeyFrom } from '@concierge/platform/audit/audit-key';
import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import type { ExportFilter } from '@concierge/platform/audit/export/format';
import { exportLines } from '@concierge/platform/audit/export/write';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import type { EventStore } from '@concierge/platform/event-store/port';
import { openStores } from '@concierge/platform/stores';
import { progressOnStderr } from './progress.js';

/** `export`: events as JSON lines on stdout, with what checks them offline; progress on stderr. */
export const exportCommand: AuditCommand = {
  usage: 'export [--stream S | --category C] [--from T --to T] > file.jsonl   events as JSON lines with the latest signed checkpoint (check with verify-export)',
  async run(args) {
    const filter = filterFrom(args);
    const config = loadConfig(BaseConfig.and(AuditKeyConfig));
    const stores = await openStores(config, 2);
    try {
      const progress = progressOnStderr('exporting', await totalOf(stores.eventStore, filter));
      let written = 0;
      for await (const line of exportLines(stores.eventStore, { filter, publicKey: auditPublicKeyFrom(config), onEvent: (n) => progress.update((written = n)) })) {
        // Waits for a slow reader (a pipe, a disk) instead of buffering the whole store.
        if (!process.stdout.write(`${line}\n`)) await once(process.stdout, 'drain');
      }
      progress.finish(written);
    } finally {
      await stores.close();
    }
    return 0;
  },
};

function filterFrom(args: readonly string[]): ExportFilter {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { stream: { type: 'string' }, category: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { stream, category, from, to } = values;
  if (stream !== undefined && category !== undefined) throw new UsageError('--stream and --category cannot be combined: export one stream or one category');
  if (category !== undefined && !/^[A-Za-z]{1,40}$/.test(category)) throw new UsageError(`--category must be letters only, such as account, not "${category}"`);
  if (stream !== undefined && !/^[A-Za-z]{1,40}-.+$/.test(stream)) throw new UsageError(`--stream must look like <category>-<id>, such as account-42, not "${stream}"`);
  const instant = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const at = Date.parse(text);
    if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(at)) throw new UsageError(`--${name} must be an ISO date-time such as 2026-01-31T09:00:00Z, not "${text}"`);
    return new Date(at).toISOString();
  };
  const range = { from: instant('from', from), to: instant('to', to) };
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) throw new UsageError('--from must not be after --to');
  return Object.fromEntries(Object.entries({ stream, category, ...range }).filter(([, v]) => v !== undefined));
}

/** Events to expect, when cheap to know: a stream's length. */
async function totalOf(store: EventStore, filter: ExportFilter): Promise<number | undefined> {
  if (filter.stream === undefined) return undefined;
  const [last] = await store.readStream(filter.stream, { direction: 'backwards', maxCount: 1 });
  return last ? Number(last.revision) + 1 : 0;
}
