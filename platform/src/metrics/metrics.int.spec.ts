import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.js';
import { createPgEventStore } from '../event-store/postgres/pg-event-store.js';
import { testEvent } from '../event-store/testing/events.js';
import { createApiApp } from '../http/base-app.js';
import { createTestSchemas, type TestSchemas } from '../testing/postgres.js';
import { listen } from '../testing/http.js';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { serveMetrics } from './endpoint.js';
import { withAppendMetrics } from './event-store.js';
import { tagRoute } from './http.js';
import { serviceMetrics } from './registry.js';
import { checkHistograms, parseMetrics, samplesOf, sumOf } from './testing/scrape.js';

const scrape = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await response.text());
};

describe('an API with metrics', () => {
  let api: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const router = express.Router();
    router.post('/users/:id/approve', tagRoute('users.approve'), (req, res) => {
      if (req.params.id === 'taken') res.status(409).json({ message: 'already decided' });
      else if (req.params.id === 'bad') res.status(400).json({ message: 'bad' });
      else res.json({ ok: true });
    });
    const registry = serviceMetrics('command-api', { instance: 'test-1' });
    api = await listen(createApiApp({ logger: pino({ level: 'silent' }), routers: [router], metrics: { registry, commands: true } }));
  });

  afterAll(async () => {
    await api.close();
  });

  it('times requests by route id, never by path, and counts commands by outcome', async () => {
    for (const id of ['u1', 'u2', 'u3', 'taken', 'bad']) await fetch(`${api.url}/api/users/${id}/approve`, { method: 'POST' });
    await fetch(`${api.url}/api/no/such/path/u1`);

    const samples = await scrape(`${api.url}/metrics`);

    const approve = { route: 'users.approve', method: 'POST' };
    expect(sumOf(samples, 'concierge_http_request_duration_seconds_count', { ...approve, status: '200' })).toBe(3);
    expect(sumOf(samples, 'concierge_http_request_duration_seconds_count', { ...approve, status: '409' })).toBe(1);
    expect(sumOf(samples, 'concierge_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('/')))).toBe(false);
    expect(sumOf(samples, 'concierge_commands_total', { command: 'users.approve', outcome: 'accepted' })).toBe(3);
    expect(sumOf(samples, 'concierge_commands_total', { command: 'users.approve', outcome: 'conflict' })).toBe(1);
    expect(sumOf(samples, 'concierge_commands_total', { command: 'users.approve', outcome: 'rejected' })).toBe(1);
    expect(checkHistograms(samples, 'concierge_http_request_duration_seconds')).toBeGreaterThanOrEqual(4);
    // Every series says which service and process it is from; the process series come along.
    expect(samples.every((s) => s.labels['service'] === 'command-api' && s.labels['instance'] === 'test-1')).toBe(true);
    expect(samplesOf(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(samplesOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });
});

describe('appends with metrics', () => {
  let schemas: TestSchemas;

  beforeAll(async () => {
    schemas = await createTestSchemas('metrics');
  });

  afterAll(async () => {
    await schemas.drop();
  });

  it('counts appends, events and conflicts by stream category, and times them', async () => {
    const registry = serviceMetrics('workers', { processMetrics: false });
    const store = withAppendMetrics(createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema }), registry);

    await store.appendToStream('account-a1', [testEvent(), testEvent(), testEvent()], { expectedRevision: 'no_stream' });
    await store.appendToStream('user-u1', [testEvent()], { expectedRevision: 'no_stream' });
    await expect(store.appendToStream('user-u1', [testEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const samples = parseMetrics(await registry.metrics());

    expect(sumOf(samples, 'concierge_event_appends_total', { category: 'account', outcome: 'ok' })).toBe(1);
    expect(sumOf(samples, 'concierge_event_appends_total', { category: 'user', outcome: 'ok' })).toBe(1);
    expect(sumOf(samples, 'concierge_event_appends_total', { category: 'user', outcome: 'conflict' })).toBe(1);
    expect(sumOf(samples, 'concierge_events_appended_total')).toBe(4);
    expect(sumOf(samples, 'concierge_event_append_size_events_sum')).toBe(4);
    expect(sumOf(samples, 'concierge_event_append_duration_seconds_count')).toBe(3);
    expect(sumOf(samples, 'concierge_event_append_duration_seconds_sum')).toBeGreaterThan(0);
    expect(checkHistograms(samples, 'concierge_event_append_duration_seconds')).toBe(2);
    await store.close();
  });
});

describe('a metrics port of its own', () => {
  it('serves /metrics and nothing else, and names the setting when its port is taken', async () => {
    const registry = serviceMetrics('gateway', { processMetrics: false });
    const close = await serveMetrics(registry, { host: '127.0.0.1', port: 0, setting: 'GATEWAY_METRICS_PORT' });
    try {
      const base = `http://127.0.0.1:${close.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
      expect((await fetch(`${base}/api/users`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);

      const taken = serveMetrics(registry, { host: '127.0.0.1', port: close.port, setting: 'GATEWAY_METRICS_PORT' });
      await expect(taken).rejects.toBeInstanceOf(ConfigError);
      await expect(taken).rejects.toThrow(`GATEWAY_METRICS_PORT=${close.port}`);
    } finally {
      await close();
    }
  });
});

