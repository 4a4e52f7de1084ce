import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecretFile } from './secret-file.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-file-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a development secret file', () => {
  it('is generated once into a new private folder and readable only by its owner', () => {
    const path = join(freshDir(), 'nested', 'secret');
    expect(readOrCreateSecretFile(path, () => 'first')).toBe('first');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(path, '..'))).toEqual(['secret']);
  });

  it('keeps the secret that is already there instead of generating another', () => {
    const path = join(freshDir(), 'secret');
    readOrCreateSecretFile(path, () => 'first');
    let generated = false;
    const again = readOrCreateSecretFile(path, () => {
      generated = true;
      return 'second';
    });
    expect(again).toBe('first');
    expect(generated).toBe(false);
  });
});
