import { UsageError, type AuditCommand } from '@concierge/platform/audit/command';
import { exportCommand } from './export.js';
import { publicKeyCommand } from './public-key.js';
import { replayVerifyCommand } from './replay-verify/command.js';
import { verifyExportCommand } from './verify-export.js';
import { verifyCommand } from './verify.js';

/** `npm run audit -- <command> [options]`: the auditors' tools. A new subcommand is one line here. */
const commands: Readonly<Record<string, AuditCommand>> = {
  verify: verifyCommand,
  'replay-verify': replayVerifyCommand,
  export: exportCommand,
  'verify-export': verifyExportCommand,
  'public-key': publicKeyCommand,
};

function usage(): string {
  return ['Usage: npm run audit -- <command> [options]', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');
}

const [name, ...args] = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
const command = name === undefined ? undefined : commands[name];
if (!command) {
  console.error(name === undefined ? usage() : `Unknown audit command "${name}".\n${usage()}`);
  process.exit(2);
}
try {
  process.exitCode = await command.run(args);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) console.error(usage());
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
