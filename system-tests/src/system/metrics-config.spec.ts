import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { concierge } from './metrics-dashboard.js';

// The monitoring files the compose topology mounts (ops/), checked against docker-compose.yml:
// Prometheus scrapes each app service at the port it serves metrics on, Grafana finds its data
// source and the committed dashboard. The series the dashboard asks for are checked against the
// services' own /metrics in metrics.int.spec.ts.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

interface Service {
  readonly environment?: Record<string, string>;
  readonly volumes?: readonly string[];
}
const services = (parse(read('docker-compose.yml'), { merge: true, maxAliasCount: -1 }) as { services: Record<string, Service> }).services;
const prometheus = parse(read('ops/prometheus/prometheus.yml')) as {
  scrape_configs: { job_name: string; metrics_path?: string; static_configs: { targets: string[] }[] }[];
};
const datasources = parse(read('ops/grafana/provisioning/datasources/prometheus.yml')) as { datasources: { uid: string; type: string; url: string }[] };
const providers = parse(read('ops/grafana/provisioning/dashboards/concierge.yml')) as { providers: { options: { path: string } }[] };

const dashboard = concierge();

/** Where each kind of app service serves /metrics: the setting in its environment that holds the port, and the one that holds the host. */
const METRICS_PORT: Record<string, { port: string; host: string }> = {
  'command-api': { port: 'COMMAND_API_PORT', host: 'COMMAND_API_HOST' },
  'query-api': { port: 'QUERY_API_PORT', host: 'QUERY_API_HOST' },
  workers: { port: 'WORKERS_METRICS_PORT', host: 'WORKERS_METRICS_HOST' },
  web: { port: 'GATEWAY_METRICS_PORT', host: 'GATEWAY_METRICS_HOST' },
};
const kindOf = (service: string) => Object.keys(METRICS_PORT).find((kind) => service === kind || service.startsWith(`${kind}-`));

describe('the monitoring files of the compose topology', () => {
  const targets = prometheus.scrape_configs.filter((job) => job.job_name !== 'prometheus').flatMap((job) => job.static_configs.flatMap((c) => c.targets));

  it('scrape every replica of every app service at the port and on the interface it serves metrics on', () => {
    const scraped = new Set(targets.map((target) => target.split(':')[0]));
    const appServices = Object.keys(services).filter((name) => kindOf(name) !== undefined);
    expect(appServices.length).toBeGreaterThanOrEqual(7);
    expect([...scraped].sort()).toEqual(appServices.sort());
    for (const target of targets) {
      const [host = '', port] = target.split(':');
      const setting = METRICS_PORT[kindOf(host) ?? ''];
      const environment = services[host]?.environment ?? {};
      expect(setting, target).toBeDefined();
      expect(String(environment[setting?.port ?? '']), target).toBe(port);
      // Loopback inside a container is out of Prometheus' reach.
      expect(environment[setting?.host ?? ''], target).toBe('0.0.0.0');
    }
    // The gateway's public port never serves metrics.
    expect(targets).not.toContain('web:8080');
  });

  it("give Grafana the Prometheus service as the dashboard's data source and the folder the dashboard is mounted in", () => {
    const [source] = datasources.datasources;
    expect(source?.type).toBe('prometheus');
    expect(source?.url).toBe('http://prometheus:9090');
    expect(Object.keys(services)).toContain('prometheus');
    const grafanaMounts = services['grafana']?.volumes ?? [];
    expect(grafanaMounts).toContain(`./ops/grafana/dashboards:${providers.providers[0]?.options.path}:ro`);
    expect(services['prometheus']?.volumes).toContain('./ops/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable?.current.value).toBe(source?.uid);
  });

  it('hold a dashboard whose panels have ids of their own and a query each, on the chosen data source', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(charts.length).toBeGreaterThanOrEqual(20);
    for (const panel of charts) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      for (const target of panel.targets ?? []) expect(target.expr.trim(), panel.title).not.toBe('');
    }
  });

  it('lays the panels out on the 24-column grid without overlaps', () => {
    const cells = new Map<string, string>();
    for (const { title, gridPos } of dashboard.panels) {
      expect(gridPos.x + gridPos.w, title).toBeLessThanOrEqual(24);
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x += 1) {
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y += 1) {
          expect(cells.get(`${x},${y}`), `${title} overlaps`).toBeUndefined();
          cells.set(`${x},${y}`, title);
        }
      }
    }
  });
});
