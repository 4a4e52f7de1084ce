import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFileName, outboxTransport } from './transports.js';

const mode = async (path: string) => (await stat(path)).mode & 0o777;
const mail = (key: string) => ({ key, to: 'ada@example.com', subject: 'Reset your password', text: 'https://app.example.com/reset-password?token=secret', html: '<p>reset</p>' });

describe('outbox transport file permissions (reset links are secrets)', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'concierge-outbox-modes-'));
    // A shared /tmp-like parent: readable by everyone, as a real DATA_DIR often is.
    await chmod(root, 0o755);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the outbox directory 0700 and each mail file 0600', async () => {
    const dir = join(root, 'fresh', 'outbox');
    await outboxTransport({ dir }).send(mail('password-reset-a'));
    expect((await mode(dir)).toString(8)).toBe('700');
    expect((await mode(join(dir, outboxFileName('password-reset-a')))).toString(8)).toBe('600');
  });

  it('tightens an outbox directory that already exists with looser modes, and a file left world-readable before', async () => {
    const dir = join(root, 'existing');
    await mkdir(dir);
    await chmod(dir, 0o777);
    const older = join(dir, outboxFileName('password-reset-old'));
    await writeFile(older, JSON.stringify(mail('password-reset-old')));
    await chmod(older, 0o644);
    const transport = outboxTransport({ dir });
    await transport.send(mail('password-reset-b'));
    await transport.send(mail('password-reset-c'));
    expect((await mode(dir)).toString(8)).toBe('700');
    expect((await mode(older)).toString(8)).toBe('600');
    expect((await mode(join(dir, outboxFileName('password-reset-b')))).toString(8)).toBe('600');
    expect((await mode(join(dir, outboxFileName('password-reset-c')))).toString(8)).toBe('600');
  });
});
