import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestSchemas } from '@concierge/platform/testing/postgres';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run audit -- <args>` as its own process against the test's schemas (plus `env`), answering its exit code and output. */
export async function runAuditCli(schemas: TestSchemas, args: readonly string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  const environment = {
    ...process.env,
    DATABASE_URL: schemas.connectionString,
    EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
    READ_STORE_SCHEMA: schemas.readStoreSchema,
    ...env,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', 'workers/src/audit/cli.ts', ...args], {
      cwd: ROOT,
      env: environment,
      maxBuffer: 1 << 24,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
