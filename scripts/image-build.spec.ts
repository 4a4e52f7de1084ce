import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without declarations (the image runs it before anything is installed)
import * as imageBuild from './image-build.mjs';

// The Dockerfile's steps are scripts/image-build.mjs's; this runs the runtime step here, without
// Docker, on the workspaces' sources (the build itself is `node scripts/image-build.mjs rehearse`).

interface ImageBuild {
  SERVICE_WORKSPACES: string[];
  LIBRARY_WORKSPACES: string[];
  IMAGE_WORKSPACES: string[];
  runtime(from: string, out: string, options?: { sources?: 'dist' | 'src' }): void;
  verifyRuntime(dir: string, options?: { sources?: 'dist' | 'src' }): string[];
  runtimeImports(text: string): string[];
  dockerignoreMatcher(text: string): (path: string) => boolean;
}
const script = imageBuild as ImageBuild;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** Dockerfile instructions, continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (line.startsWith('FROM ')) all.push([line]);
  else all.at(-1)?.push(line);
  return all;
}, []);

const scratch = mkdtempSync(join(tmpdir(), 'concierge-image-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another on a pinned Node.js LTS image, as the unprivileged node user', () => {
    const base = /^ARG NODE_IMAGE=(.+)$/.exec(instructions.find((line) => line.startsWith('ARG NODE_IMAGE=')) ?? '')?.[1];
    expect(base).toMatch(/^node:(22|24)\.\d+\.\d+-[a-z]+-slim$/);
    expect(stages.map((stage) => stage[0])).toEqual(['FROM ${NODE_IMAGE} AS build', 'FROM ${NODE_IMAGE} AS runtime']);
    const runtime = stages[1] ?? [];
    expect(runtime.filter((line) => line.startsWith('USER ')).at(-1)).toBe('USER node');
    expect(runtime.some((line) => line.startsWith('HEALTHCHECK ') && line.includes('CMD'))).toBe(true);
    // The runtime stage takes the checked tree and nothing else: no install, no sources.
    expect(runtime.filter((line) => /^(COPY|ADD|RUN) /.test(line))).toEqual(['COPY --from=build /out /app']);
  });

  it('runs every build step through scripts/image-build.mjs, after copying each image workspace\'s manifest', () => {
    const build = stages[0] ?? [];
    expect(build.filter((line) => line.startsWith('RUN '))).toEqual([
      'RUN node scripts/image-build.mjs install',
      'RUN node scripts/image-build.mjs build',
      'RUN node scripts/image-build.mjs runtime /out',
    ]);
    const manifests = build.filter((line) => /^COPY \S+\/package\.json /.test(line)).map((line) => line.split(' ')[1]?.split('/')[0]);
    expect(manifests.sort()).toEqual([...script.IMAGE_WORKSPACES].sort());
    expect(build.indexOf('COPY scripts/image-build.mjs scripts/')).toBeLessThan(build.indexOf('RUN node scripts/image-build.mjs install'));
  });

  it('leaves development tooling, local secrets and built output of the host out of the build context', () => {
    const ignored = script.dockerignoreMatcher(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
    for (const path of ['node_modules/x/index.js', 'web/node_modules/.vite/a', 'command-api/dist/main.js', '.env', '.env.production', '.data/keys/jwt.pem', 'supervisor/src/services.mjs', 'system-tests/src/load/main.ts', '.git/HEAD']) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of ['package.json', 'package-lock.json', 'scripts/image-build.mjs', 'platform/src/config/env.ts', 'web/index.html', 'gateway/package.json']) {
      expect(ignored(path), path).toBe(false);
    }
  });
});

describe('scripts/image-build.mjs', () => {
  it('finds the imports a file makes at run time, and not the type-only ones', () => {
    const text = [
      "import { z } from 'zod';",
      "import type { Pool } from 'pg';",
      "export { a } from './a.js';",
      "export type { B } from '@types/b';",
      "import 'reflect-metadata';",
      "const m = await import('ioredis');",
      'import {\n  type X,\n  y,\n} from "@concierge/platform/config/env";',
    ].join('\n');
    expect(script.runtimeImports(text).sort()).toEqual(['./a.js', '@concierge/platform/config/env', 'ioredis', 'reflect-metadata', 'zod']);
  });

  it('lays out the runtime tree with the production dependencies of the services only, every import resolving', () => {
    const out = join(scratch, 'app');
    // The same step as the Dockerfile's, on sources instead of built output (building takes minutes).
    script.runtime(ROOT, out, { sources: 'src' });
    expect(script.verifyRuntime(out, { sources: 'src' })).toEqual([]);
    // A development package in the tree, or a shipped file importing one, is found.
    mkdirSync(join(out, 'node_modules', 'vitest'), { recursive: true });
    writeFileSync(join(out, 'gateway', 'src', 'stray.ts'), "import { defineConfig } from 'vite';\n");
    const problems = script.verifyRuntime(out, { sources: 'src' });
    expect(problems).toContain('development-only package vitest is installed');
    expect(problems.some((p) => p.includes('imports vite, which no shipped workspace lists'))).toBe(true);
    expect(problems.some((p) => p.includes('vite does not resolve'))).toBe(true);
  }, 120_000);

  it('refuses a runtime tree without the entry points of the services', () => {
    const bare = join(scratch, 'bare');
    mkdirSync(bare, { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(bare, file));
    for (const workspace of script.IMAGE_WORKSPACES) {
      mkdirSync(join(bare, workspace), { recursive: true });
      cpSync(join(ROOT, workspace, 'package.json'), join(bare, workspace, 'package.json'));
    }
    const problems = script.verifyRuntime(bare);
    for (const service of script.SERVICE_WORKSPACES) expect(problems).toContain(`${service}/dist/main.js is missing`);
    expect(problems).toContain('web/dist/index.html is missing');
  });
});
