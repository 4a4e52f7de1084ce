import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import { auditPublicKeyFrom, AuditKeyConfig } from '@concierge/platform/audit/audit-key';
import { checkCheckpoint, loadLatestCheckpoint, type LoadedCheckpoint } from '@concierge/platform/audit/checkpoints';
import { formatStreamHeads, parseStreamHeads } from '@concierge/platform/audit/stream-heads';
import { verifyChains, type VerifyOptions, type VerifyReport } from '@concierge/platform/audit/verify';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import { parsePosition } from '@concierge/platform/event-store/position';
import { openStores } from '@concierge/platform/stores';

const SHOWN_BREAKS = 20;

/** `verify`: checks every stream's hash chain; exit 1 naming the first broken stream and revision. */
export const verifyCommand: AuditCommand = {
  usage:
    'verify [--stream S] [--since POSITION] [--heads FILE] [--save-heads FILE]   check the hash chains ' +
    '(--heads: also against heads saved earlier, which shows a truncated tail or a deleted stream)',
  async run(args) {
    const { values } = parseOrExplain(args);
    const options: VerifyOptions = {
      ...(values.stream === undefined ? {} : { streamId: values.stream }),
      ...(values.since === undefined ? {} : { since: sincePosition(values.since) }),
      ...(values.heads === undefined ? {} : { against: parseStreamHeads(await readFile(values.heads, 'utf8')).heads }),
    };
    const config = loadConfig(BaseConfig.and(AuditKeyConfig));
    const stores = await openStores(config, 2);
    let report: VerifyReport;
    try {
      const checkpoint = values.heads === undefined ? await loadLatestCheckpoint(stores.eventStore) : undefined;
      if (checkpoint && !trustCheckpoint(checkpoint, config)) return 1;
      report = await verifyChains(stores.eventStore, checkpoint ? { ...options, against: checkpoint.heads } : options);
    } catch (error) {
      throw explainMissingStore(error, config);
    } finally {
      await stores.close();
    }
    if (values['save-heads'] !== undefined) await writeFile(values['save-heads'], `${formatStreamHeads(report.upTo, report.heads)}\n`);
    return printReport(report);
  },
};

function parseOrExplain(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: { stream: { type: 'string' }, since: { type: 'string' }, heads: { type: 'string' }, 'save-heads': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A store that is not there or not migrated to the chain gets a hint, not only PostgreSQL's words. */
function explainMissingStore(error: unknown, config: BaseConfig): unknown {
  const code = (error as { code?: unknown }).code;
  if (config.EVENT_STORE !== 'postgres' || !(code === '3D000' || code === '42P01' || code === '42703' || code === '3F000')) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new Error(
    `${message}: no event store with the hash chain at DATABASE_URL, schema ${config.EVENT_STORE_SCHEMA}; ` +
      'check DATABASE_URL and EVENT_STORE_SCHEMA, and run npm run migrate (migration 4 seals the events already stored)',
  );
}

/** Checks a checkpoint's signature with the configured public key and its root; false (said on stderr) when it cannot be trusted. */
function trustCheckpoint(loaded: LoadedCheckpoint, config: BaseConfig & AuditKeyConfig): boolean {
  const problems = checkCheckpoint(loaded, auditPublicKeyFrom(config));
  const { sequence, createdAt, merkleRoot, keyId } = loaded.checkpoint;
  if (problems.length === 0) {
    console.log(`checkpoint ${sequence} of ${createdAt}: signature valid (key ${keyId}), root ${merkleRoot}, ${loaded.heads.size} streams`);
    return true;
  }
  console.error(`CHECKPOINT REFUSED: ${problems.join('; ')}`);
  return false;
}

function sincePosition(text: string) {
  const position = parsePosition(text);
  if (!position) throw new UsageError(`--since must be a position such as 1200-1200 (as commands answer it), not "${text}"`);
  return position;
}

function printReport(report: VerifyReport): number {
  const rate = report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events;
  const figures = `${report.streams} streams, ${report.events} events in ${report.seconds.toFixed(2)} s (${rate} events/s)`;
  const unhashed = report.unhashed > 0 ? `; ${report.unhashed} events written before the chain were hashed, not checked` : '';
  const [first] = report.breaks;
  if (!first) {
    console.log(`verified ${figures}: every chain holds${unhashed}`);
    return 0;
  }
  console.error(`BROKEN: ${first.streamId} at revision ${first.revision} (${first.kind}): ${first.message}`);
  for (const other of report.breaks.slice(1, SHOWN_BREAKS)) console.error(`  also ${other.kind}: ${other.message}`);
  if (report.breaks.length > SHOWN_BREAKS) console.error(`  ... and ${report.breaks.length - SHOWN_BREAKS} more`);
  console.error(`checked ${figures}; ${report.breaks.length} broken${unhashed}`);
  return 1;
}
