import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface DashboardPanel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly gridPos: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly datasource?: { readonly uid: string };
  readonly targets?: readonly { readonly expr: string }[];
}

export interface Dashboard {
  readonly uid: string;
  readonly panels: readonly DashboardPanel[];
  readonly templating: { readonly list: readonly { readonly name: string; readonly type: string; readonly current: { readonly value: string } }[] };
}

/** The committed Grafana dashboard (ops/grafana/dashboards/concierge.json). */
export function concierge(): Dashboard {
  return JSON.parse(readFileSync(`${ROOT}ops/grafana/dashboards/concierge.json`, 'utf8')) as Dashboard;
}

/** Every series name the dashboard's queries read from the services (Prometheus' own `up` aside). */
export function seriesQueried(dashboard: Dashboard): Set<string> {
  const names = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? []) {
      for (const match of target.expr.matchAll(/\b(?:concierge|process|nodejs)_[a-z0-9_]+\b/g)) names.add(match[0]);
    }
  }
  return names;
}

/** The sample names a scrape's `# TYPE` lines declare: a histogram's `_bucket`, `_sum` and `_count` too, whether or not it has a sample yet. */
export function seriesDeclared(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}
