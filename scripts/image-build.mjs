// The image's build steps, run by the Dockerfile's RUN lines and, without Docker, here:
//
//   node scripts/image-build.mjs install              every dependency, for the build (build stage)
//   node scripts/image-build.mjs build                every production workspace built (build stage)
//   node scripts/image-build.mjs runtime <out>        the runtime tree in <out>: manifests, built
//                                                     output, production dependencies; then verify
//   node scripts/image-build.mjs verify <dir>         checks a runtime tree (see verifyRuntime)
//   node scripts/image-build.mjs rehearse [<dir>]     the whole build as the Dockerfile runs it, in
//                                                     <dir> (a temporary folder by default): the
//                                                     build context as .dockerignore leaves it,
//                                                     install, build, runtime
//
// Plain Node.js with no dependency: it runs in the bare node image before anything is installed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The services the image runs (each `<workspace>/dist/main.js`). */
export const SERVICE_WORKSPACES = ['command-api', 'query-api', 'workers', 'gateway'];
/** Workspaces the services import, shipped as built output beside them. */
export const LIBRARY_WORKSPACES = ['contracts', 'platform', 'domain'];
/** Every workspace the image needs: the services, their libraries, and the SPA (built files only). */
export const IMAGE_WORKSPACES = [...LIBRARY_WORKSPACES, ...SERVICE_WORKSPACES, 'web'];

const NPM_FLAGS = ['--no-audit', '--no-fund'];

function run(command, args, cwd) {
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NPM_CONFIG_UPDATE_NOTIFIER: 'false' } });
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Build stage: every dependency of the image's workspaces (dev ones too: TypeScript, Vite, turbo). */
export function install(dir) {
  run('npm', ['ci', ...NPM_FLAGS, '--include-workspace-root', ...IMAGE_WORKSPACES.flatMap((w) => ['--workspace', w])], dir);
}

/** Build stage: each image workspace built in dependency order. */
export function build(dir) {
  const filters = IMAGE_WORKSPACES.map((w) => `--filter=./${w}`);
  run(process.execPath, [join(dir, 'node_modules', 'turbo', 'bin', 'turbo'), 'run', 'build', '--output-logs=errors-only', ...filters], dir);
}

/**
 * The runtime tree: the root and workspace manifests, each workspace's built output (`dist`, or
 * `src` with `sources: 'src'` to check a tree that was not built), and the production dependencies
 * of the services only (the SPA is served as files; supervisor and system-tests are not shipped).
 */
export function runtime(from, out, { sources = 'dist' } = {}) {
  mkdirSync(out, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(from, file), join(out, file));
  for (const workspace of IMAGE_WORKSPACES) {
    mkdirSync(join(out, workspace), { recursive: true });
    cpSync(join(from, workspace, 'package.json'), join(out, workspace, 'package.json'));
    const built = join(from, workspace, sources);
    if (workspace === 'web' && sources !== 'dist') continue;
    if (!existsSync(built)) throw new Error(`${workspace}/${sources} is missing: build first`);
    const leftOut = sources === 'dist' ? () => false : buildExcludes(join(from, workspace));
    cpSync(built, join(out, workspace, sources), { recursive: true, filter: (path) => !leftOut(relative(join(from, workspace), path)) });
  }
  run('npm', ['ci', ...NPM_FLAGS, '--omit=dev', '--prefer-offline', ...SERVICE_WORKSPACES.flatMap((w) => ['--workspace', w])], out);
  const problems = verifyRuntime(out, { sources });
  if (problems.length > 0) throw new Error(`the runtime tree in ${out} is not right:\n  ${problems.join('\n  ')}`);
}

/** What a workspace's build leaves out of dist (its tsconfig.build.json `exclude`), as a test of a workspace-relative path. */
function buildExcludes(workspaceDir) {
  const { exclude = [] } = readJson(join(workspaceDir, 'tsconfig.build.json'));
  const tests = exclude.map((glob) => {
    const source = glob
      .split('/')
      .map((part) => (part === '**' ? '\u0000' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')))
      .join('/')
      .replaceAll('\u0000/', '(?:.*/)?')
      .replaceAll('\u0000', '.*');
    return new RegExp(`^${source}$`);
  });
  return (path) => tests.some((test) => test.test(path.split(sep).join('/')));
}

function filesUnder(dir, extension) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, extension);
    return entry.name.endsWith(extension) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Module specifiers a file imports at run time (type-only imports are erased by the build). */
export function runtimeImports(text) {
  const found = new Set();
  const patterns = [/^\s*(import|export)\s+(?!type\s)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[match.length - 1]);
  return [...found];
}

/** The package a bare specifier names (`@scope/name` or `name`). */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * What must hold of a runtime tree: each service's entry point (`dist/main.js`) and the SPA's
 * files are there, no development-only package was installed, and every package any shipped file
 * imports resolves from that file's workspace (a runtime import of a devDependency fails here,
 * not in production). Answers the problems found, none when it is right.
 */
export function verifyRuntime(dir, { sources = 'dist' } = {}) {
  const problems = [];
  const manifest = (w) => readJson(join(dir, w, 'package.json'));
  if (sources === 'dist') {
    for (const w of SERVICE_WORKSPACES) if (!existsSync(join(dir, w, 'dist', 'main.js'))) problems.push(`${w}/dist/main.js is missing`);
    if (!existsSync(join(dir, 'web', 'dist', 'index.html'))) problems.push('web/dist/index.html is missing');
  }
  for (const w of ['supervisor', 'system-tests']) if (existsSync(join(dir, w))) problems.push(`${w} is development tooling and must not ship`);

  // What npm itself knows: a package the lockfile marks `dev` is needed by development only.
  const lock = readJson(join(dir, 'package-lock.json')).packages ?? {};
  const installed = existsSync(join(dir, 'node_modules')) ? readdirSync(join(dir, 'node_modules')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(dir, 'node_modules', name)).map((n) => `${name}/${n}`) : [name])) : [];
  for (const name of installed) if (lock[`node_modules/${name}`]?.dev === true) problems.push(`development-only package ${name} is installed`);
  const shipped = new Set([...LIBRARY_WORKSPACES, ...SERVICE_WORKSPACES].flatMap((w) => Object.keys(manifest(w).dependencies ?? {})));

  const extension = sources === 'dist' ? '.js' : '.ts';
  for (const w of [...LIBRARY_WORKSPACES, ...SERVICE_WORKSPACES]) {
    const bare = new Set();
    for (const file of filesUnder(join(dir, w, sources), extension)) {
      for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
        bare.add(specifier);
        if (!shipped.has(packageOf(specifier)) && !specifier.startsWith('@concierge/')) {
          problems.push(`${relative(dir, file)} imports ${specifier}, which no shipped workspace lists in its dependencies`);
        }
      }
    }
    problems.push(...unresolved(join(dir, w), [...bare], sources === 'dist'));
  }
  return problems;
}

/** Resolves specifiers as Node.js would from a workspace (ESM, its conditions); answers what fails. */
function unresolved(workspaceDir, specifiers, filesMustExist) {
  if (specifiers.length === 0) return [];
  const script = `const out = [];
for (const s of JSON.parse(process.argv[1])) {
  try { const url = import.meta.resolve(s); if (${filesMustExist} && url.startsWith('file:') && !(await import('node:fs')).existsSync(new URL(url))) out.push(s + ' resolves to a missing file ' + url); }
  catch (e) { out.push(s + ' does not resolve (' + e.code + ')'); }
}
console.log(JSON.stringify(out));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(specifiers)], { cwd: workspaceDir, encoding: 'utf8' });
  return JSON.parse(output).map((problem) => `${relative(dirname(workspaceDir), workspaceDir)}: ${problem}`);
}

/**
 * .dockerignore's patterns as a test of a context-relative path: `*` within one name, a leading
 * double-star segment for any depth, and a folder's match covering everything under it (the
 * subset of Docker's rules this repository's file uses).
 */
export function dockerignoreMatcher(text) {
  const tests = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((pattern) => {
      const anyDepth = pattern.startsWith('**/');
      const body = (anyDepth ? pattern.slice(3) : pattern)
        .replace(/\/+$/, '')
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*');
      return new RegExp(`^${anyDepth ? '(?:.*/)?' : ''}${body}(?:/.*)?$`);
    });
  return (path) => tests.some((test) => test.test(path));
}

/** The build context as `docker build .` sends it: tracked and new files, less what .dockerignore names. */
function copyContext(root, to) {
  const ignored = dockerignoreMatcher(readFileSync(join(root, '.dockerignore'), 'utf8'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path && !ignored(path) && existsSync(join(root, path)) && statSync(join(root, path)).isFile());
  for (const path of files) {
    mkdirSync(dirname(join(to, path)), { recursive: true });
    cpSync(join(root, path), join(to, path));
  }
  return files.length;
}

function rehearse(root, dir) {
  const context = join(dir, 'context');
  const out = join(dir, 'app');
  const step = (name, fn) => {
    const started = Date.now();
    fn();
    console.log(`[image-build] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  step('context', () => console.log(`[image-build] ${copyContext(root, context)} files in the build context`));
  step('install', () => install(context));
  step('build', () => build(context));
  step('runtime', () => runtime(context, out));
  console.log(`[image-build] the runtime tree is in ${out}; start a service from it with: cd ${out} && NODE_ENV=production node command-api/dist/main.js`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const [step, target] = process.argv.slice(2);
  const cwd = process.cwd();
  if (step === 'install') install(cwd);
  else if (step === 'build') build(cwd);
  else if (step === 'runtime' && target) runtime(cwd, target);
  else if (step === 'verify' && target) {
    const problems = verifyRuntime(target);
    if (problems.length > 0) {
      console.error(problems.join('\n'));
      process.exit(1);
    }
  } else if (step === 'rehearse') rehearse(fileURLToPath(new URL('..', import.meta.url)), target ?? mkdtempSync(join(tmpdir(), 'concierge-image-')));
  else {
    console.error('usage: node scripts/image-build.mjs install | build | runtime <out> | verify <dir> | rehearse [<dir>]');
    process.exit(2);
  }
}
