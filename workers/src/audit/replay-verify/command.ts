import { parseArgs } from 'node:util';
import type { ReplayDifference } from '@concierge/contracts';
import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import { openStores } from '@concierge/platform/stores';
import { findProjection, projections } from '../../projections/registry.js';
import type { Projection } from '../../projections/runtime/projection.js';
import { replayVerify, type ReplayVerifyResult } from './replay-verify.js';
import { scratchFromConfig } from './scratch.js';

const SHOWN_DIFFERENCES = 20;

/**
 * `replay-verify [--projection NAME]... [--json]`: rebuilds every read model (or the named ones)
 * from the event store into a scratch schema or database and compares it with the live one;
 * exit 0 when they are the same, 1 naming the differences.
 */
export const replayVerifyCommand: AuditCommand = {
  usage: 'replay-verify [--projection NAME]... [--json]   rebuild the read models into a scratch store and compare them with the live ones (--json: the whole report on stdout)',
  async run(args) {
    const { values } = parseOrExplain(args);
    const selected = selectedProjections(values.projection ?? []);
    const config = loadConfig(BaseConfig);
    const stores = await openStores(config, 2);
    let result: ReplayVerifyResult;
    try {
      result = await replayVerify({
        eventStore: stores.eventStore,
        live: stores.readStore,
        scratch: scratchFromConfig(config),
        projections: selected,
        onProgress: (message) => console.error(message),
      });
    } finally {
      await stores.close();
    }
    if (values.json) console.log(JSON.stringify(result, null, 2));
    else printSummary(result);
    return result.differenceCount === 0 ? 0 : 1;
  },
};

/** The function the `npm run audit -- replay-verify` dispatcher runs: the arguments after the subcommand; the exit code. */
export const runReplayVerify = (argv: readonly string[]): Promise<number> => replayVerifyCommand.run(argv);

function parseOrExplain(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: { projection: { type: 'string', multiple: true }, json: { type: 'boolean' } }, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function selectedProjections(names: readonly string[]): readonly Projection[] {
  if (names.length === 0) return projections;
  return names.map((name) => {
    const projection = findProjection(name);
    if (!projection) throw new UsageError(`No projection named "${name}"; the projections are ${projections.map((p) => p.name).join(', ')}.`);
    return projection;
  });
}

const shown = (value: unknown) => JSON.stringify(value) ?? 'undefined';

function describe(difference: ReplayDifference): string {
  const head = `${difference.collection} ${difference.documentId}: ${difference.kind}`;
  if (difference.kind !== 'changed') return head;
  return [head, ...difference.fields.map((f) => `    ${f.path}: live ${shown(f.live)}, rebuilt ${shown(f.rebuilt)}`)].join('\n');
}

function printSummary(result: ReplayVerifyResult): void {
  for (const p of result.projections) {
    const counts = p.collections.map((c) => `${c.collection} ${c.live}/${c.rebuilt}${c.differing ? ` (${c.differing} differ)` : ''}`).join(', ');
    console.log(`${p.projection} at ${p.position ?? 'no checkpoint'}: ${counts || 'no collections'}`);
  }
  const excluded = result.exclusions.map((e) => `${e.collection}.${e.path} (${e.reason})`).join('; ');
  console.log(`Excluded from the comparison: ${excluded || 'nothing'}`);
  if (result.differenceCount === 0) {
    console.log('Replay-verify: every read model rebuilt from the events equals the live one.');
    return;
  }
  console.log(`Replay-verify: ${result.differenceCount} document(s) differ between the live read models and their rebuild.`);
  for (const difference of result.differences.slice(0, SHOWN_DIFFERENCES)) console.log(`  ${describe(difference)}`);
  if (result.differenceCount > SHOWN_DIFFERENCES) console.log(`  ... and ${result.differenceCount - SHOWN_DIFFERENCES} more (--json lists up to 500)`);
}
