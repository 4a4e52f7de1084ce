/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads Prometheus' text exposition format into samples (comments skipped); a line it cannot read throws. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a metrics line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) {
      if (label[1]) labels[label[1]] = (label[2] ?? '').replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(samples: readonly Sample[], name: string, labels: Readonly<Record<string, string>> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
}

/** The sum of the values of `name` whose labels include `labels` (0 when there is none). */
export function sumOf(samples: readonly Sample[], name: string, labels: Readonly<Record<string, string>> = {}): number {
  return samplesOf(samples, name, labels).reduce((total, s) => total + s.value, 0);
}

/**
 * Every series of histogram `name` (its `_bucket` samples grouped by their other labels) checked:
 * cumulative counts never fall as `le` grows, and the `+Inf` bucket equals `_count`. Returns the
 * number of series checked; throws naming the first broken one.
 */
export function checkHistograms(samples: readonly Sample[], name: string): number {
  const series = new Map<string, { le: number; value: number }[]>();
  for (const s of samplesOf(samples, `${name}_bucket`)) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const buckets = series.get(key) ?? [];
    buckets.push({ le: le === '+Inf' ? Infinity : Number(le), value: s.value });
    series.set(key, buckets);
  }
  for (const [key, buckets] of series) {
    buckets.sort((a, b) => a.le - b.le);
    buckets.forEach((bucket, i) => {
      const before = buckets[i - 1];
      if (before && bucket.value < before.value) throw new Error(`${name} ${key}: bucket le=${bucket.le} (${bucket.value}) below le=${before.le} (${before.value})`);
    });
    const labels = Object.fromEntries(JSON.parse(key) as [string, string][]);
    const count = sumOf(samplesOf(samples, `${name}_count`, labels).filter((s) => Object.keys(s.labels).length === Object.keys(labels).length), `${name}_count`);
    const inf = buckets[buckets.length - 1];
    if (!inf || inf.le !== Infinity || inf.value !== count) throw new Error(`${name} ${key}: +Inf bucket ${inf?.value} is not the count ${count}`);
  }
  return series.size;
}
