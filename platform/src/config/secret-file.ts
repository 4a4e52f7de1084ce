import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The text of a development secret file, generated once (mode 0600, in a 0700 folder) when it is
 * missing. Services start together, so the content is written aside and linked into place, which
 * fails for every process but the first; all of them then read the one winning file.
 */
export function readOrCreateSecretFile(path: string, generate: () => string): string {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const temp = `${path}.${randomUUID()}.tmp`;
    writeFileSync(temp, generate(), { mode: 0o600 });
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  }
  return readFileSync(path, 'utf8');
}
