import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));

/** The pages whose first load is measured, by the source of their lazy route chunk (web/src/app/router.tsx). */
export const MEASURED_ROUTES = { '/': 'src/app/routes/landing.tsx', '/login': 'src/app/routes/auth/login.tsx' } as const;

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/**
 * The JavaScript a browser must load before a route renders: the entry chunk (index.html's script
 * and its modulepreloads), the route's lazy chunk, and every chunk either imports statically,
 * followed to the end. Dynamic imports (other routes, dialogs, charts) are not counted.
 */
export function firstLoadChunks(manifest: Readonly<Record<string, ManifestChunk>>, routeSource: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest names no entry');
  if (!manifest[routeSource]) throw new Error(`the build manifest has no chunk for ${routeSource}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(routeSource);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}

/**
 * Builds the SPA as production does (vite build, web/vite.config.ts) into a scratch directory and
 * reports, per measured route, the first-load JavaScript gzipped at zlib's default level (what a
 * server's gzip sends; kB = 1,000 bytes), with its three largest chunks.
 */
export async function benchBundle() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'concierge-bundle-'));
  try {
    const started = performance.now();
    await promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
      cwd: WEB,
      maxBuffer: 16 * 1024 * 1024,
    });
    const buildSeconds = (performance.now() - started) / 1000;
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const gzipped = new Map<string, { raw: number; gzip: number }>();
    const sizeOf = async (file: string) => {
      const known = gzipped.get(file);
      if (known) return known;
      const bytes = await readFile(path.join(outDir, file));
      const size = { raw: bytes.length, gzip: gzipSync(bytes).length };
      gzipped.set(file, size);
      return size;
    };
    const rows = [];
    for (const [route, source] of Object.entries(MEASURED_ROUTES)) {
      const chunks = await Promise.all(firstLoadChunks(manifest, source).map(async (file) => ({ file, ...(await sizeOf(file)) })));
      chunks.sort((a, b) => b.gzip - a.gzip);
      const kB = (bytes: number) => Number((bytes / 1000).toFixed(1));
      rows.push({
        route,
        chunks: chunks.length,
        rawKB: kB(chunks.reduce((sum, chunk) => sum + chunk.raw, 0)),
        gzipKB: kB(chunks.reduce((sum, chunk) => sum + chunk.gzip, 0)),
        largest: chunks.slice(0, 3).map((chunk) => `${path.basename(chunk.file)} ${kB(chunk.gzip)}`),
        buildSeconds: Number(buildSeconds.toFixed(1)),
      });
    }
    return rows;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
