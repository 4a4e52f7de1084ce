import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { auditPublicKeyFromPem } from '@concierge/platform/audit/audit-key';
import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import { checkExport, type ExportCheck } from '@concierge/platform/audit/export/check';

const SHOWN_PROBLEMS = 20;

/** What the reader could not see: events whose credential material the export withheld, by field. */
function withheldLine(check: ExportCheck): string | undefined {
  if (check.withheld.events === 0) return undefined;
  const fields = Object.entries(check.withheld.fields)
    .map(([field, count]) => `${field} in ${count}`)
    .join(', ');
  return (
    `${check.withheld.events} event${check.withheld.events === 1 ? '' : 's'} with credential material withheld (${fields}): each is chained from the content digest the file gives, ` +
    'so the rest of what they show is not covered by this check (npm run audit -- verify checks them in the store)'
  );
}

/** `verify-export`: checks an export's hashes, links and checkpoint offline (no database); exit 1 naming the first bad line. */
export const verifyExportCommand: AuditCommand = {
  usage: 'verify-export FILE [--public-key PEM_FILE]   check an export offline: every hash, link and revision, and its signed checkpoint',
  async run(args) {
    let parsed;
    try {
      parsed = parseArgs({ args: [...args], options: { 'public-key': { type: 'string' } }, strict: true, allowPositionals: true });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const [file, ...extra] = parsed.positionals;
    if (file === undefined || extra.length > 0) throw new UsageError('verify-export takes exactly one file');
    const keyFile = parsed.values['public-key'];
    const trusted = keyFile === undefined ? undefined : auditPublicKeyFromPem(await readFile(keyFile, 'utf8'));
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    const check = await checkExport(lines, trusted);
    const figures = `${check.events} events of ${check.streams} streams`;
    const withheld = withheldLine(check);
    const [first] = check.problems;
    if (!first) {
      const signed = check.checkpoint
        ? `; checkpoint ${check.checkpoint.sequence} of ${check.checkpoint.createdAt} signed by key ${check.checkpoint.keyId}${trusted ? ' (the trusted key)' : ' (the key in the file: compare its id with npm run audit -- public-key)'}, ${check.headsMatched} heads matched`
        : '; no signed checkpoint in the file';
      console.log(`export verified: ${figures}, every hash and link holds${signed}`);
      if (withheld) console.log(withheld);
      return 0;
    }
    if (withheld) console.error(withheld);
    console.error(`BAD LINE ${first.line}: ${first.message}`);
    for (const other of check.problems.slice(1, SHOWN_PROBLEMS)) console.error(`  also line ${other.line}: ${other.message}`);
    if (check.problems.length > SHOWN_PROBLEMS) console.error(`  ... and ${check.problems.length - SHOWN_PROBLEMS} more`);
    console.error(`checked ${figures}; ${check.problems.length} problems`);
    return 1;
  },
};
