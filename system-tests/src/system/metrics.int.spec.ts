import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHistograms, parseMetrics, samplesOf, sumOf, type Sample } from '@concierge/platform/metrics/testing/scrape';
import { signedInAdmin, signIn } from './accounts.js';
import { freePort } from './free-port.js';
import { concierge, seriesDeclared, seriesQueried } from './metrics-dashboard.js';
import { linkIn, waitForMail } from './outbox.js';
import { startProduct, type RunningProduct } from './product.js';

const LATENCY = 'concierge_http_request_duration_seconds';

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

/** Sends bytes as they are (fetch would refuse or rewrite a malformed request) and answers the status line. */
function rawRequest(base: string, request: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/** The requests a route answered with `status`, as the latency histogram counts them. */
const answered = (samples: readonly Sample[], route: string, status: string) => sumOf(samples, `${LATENCY}_count`, { route, status });

/** Every service's /metrics, scraped as Prometheus would after a member's first day: registration, approval, sign-in, reads. */
describe('metrics of every service after a journey', () => {
  let product: RunningProduct;
  let urls: Record<'command' | 'query' | 'workers' | 'gateway', string>;
  const reads = { me: 3, pending: 2, stats: 2 };

  beforeAll(async () => {
    const [command, query, workers, gateway] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    urls = {
      command: `http://127.0.0.1:${command}/metrics`,
      query: `http://127.0.0.1:${query}/metrics`,
      workers: `http://127.0.0.1:${workers}/metrics`,
      gateway: `http://127.0.0.1:${gateway}/metrics`,
    };
    product = await startProduct('metrics', {
      env: {
        COMMAND_API_PORT: String(command),
        COMMAND_API_URL: `http://127.0.0.1:${command}`,
        QUERY_API_PORT: String(query),
        QUERY_API_URL: `http://127.0.0.1:${query}`,
        WORKERS_METRICS_PORT: String(workers),
        GATEWAY_METRICS_PORT: String(gateway),
      },
    });
    const { base } = product;
    const admin = await signedInAdmin(base, product.schemas);
    const email = `metrics-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'Engine1843' }),
    });
    expect(registered.status).toBe(201);
    // The confirmation link travels command API -> MAIL queue -> workers -> outbox; an account is approved once confirmed.
    const token = linkIn(await waitForMail(product.dataDir, email, 'Confirm your email'), '/verify-email').searchParams.get('token');
    const confirmed = await fetch(`${base}/api/auth/verify-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(confirmed.status).toBe(200);
    const { position } = (await confirmed.json()) as { position: string };
    let memberId: string | undefined;
    for (let i = 0; i < reads.pending; i += 1) {
      const pending = await fetch(`${base}/api/users/pending?limit=10`, { headers: { authorization: admin, 'x-min-position': position } });
      expect(pending.status).toBe(200);
      memberId = ((await pending.json()) as { users: { id: string; email: string }[] }).users.find((u) => u.email === email)?.id;
    }
    expect(memberId).toBeDefined();
    const approved = await fetch(`${base}/api/users/${memberId}/approve`, { method: 'POST', headers: { authorization: admin } });
    expect(approved.status).toBe(200);
    const { position: approval } = (await approved.json()) as { position: string };
    // Approving again changes nothing and answers the same; a registration with a short password is refused.
    expect((await fetch(`${base}/api/users/${memberId}/approve`, { method: 'POST', headers: { authorization: admin } })).status).toBe(200);
    const refused = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `short-${email}`, password: 'short' }),
    });
    expect(refused.status).toBe(400);

    const member = await signIn(base, email, 'Engine1843');
    for (let i = 0; i < reads.me; i += 1) {
      const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: member.authorization, 'x-min-position': approval } });
      expect(me.status).toBe(200);
    }
    for (let i = 0; i < reads.stats; i += 1) expect((await fetch(`${base}/api/users/stats`, { headers: { authorization: admin } })).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await product?.stop();
  });

  it('times every call by route id and status in the gateway and the API that answered it, with buckets that only grow', async () => {
    const [gateway, command, query] = await Promise.all([scrape(urls.gateway), scrape(urls.command), scrape(urls.query)]);

    // Two sign-ins (the admin, the member), a registration, its confirmation and an approval went through the gateway to the command API.
    for (const samples of [gateway, command]) {
      expect(answered(samples, 'auth.login', '200')).toBeGreaterThanOrEqual(2);
      expect(answered(samples, 'auth.register', '201')).toBe(1);
      expect(answered(samples, 'auth.register', '400')).toBe(1);
      expect(answered(samples, 'auth.verifyEmail', '200')).toBe(1);
      expect(answered(samples, 'users.approve', '200')).toBe(2);
    }
    for (const samples of [gateway, query]) {
      expect(answered(samples, 'auth.me', '200')).toBeGreaterThanOrEqual(reads.me);
      expect(answered(samples, 'users.pending', '200')).toBeGreaterThanOrEqual(reads.pending);
      expect(answered(samples, 'users.stats', '200')).toBe(reads.stats);
    }
    // The harness polled /api/health until the product answered.
    expect(answered(gateway, 'health', '200')).toBeGreaterThanOrEqual(1);
    for (const samples of [gateway, command, query]) {
      expect(checkHistograms(samples, LATENCY)).toBeGreaterThanOrEqual(3);
      // Seconds, not milliseconds: a local call's mean is well under 5 s.
      const count = sumOf(samples, `${LATENCY}_count`);
      expect(sumOf(samples, `${LATENCY}_sum`) / count).toBeLessThan(5);
      // Routes are labelled by id: no path or user id ever becomes a label value.
      expect(samplesOf(samples, `${LATENCY}_count`).every((s) => !/[/]|[0-9a-f]{8}-/.test(s.labels['route'] ?? '/'))).toBe(true);
    }
  });

  it('counts commands by outcome and the appends they made', async () => {
    const command = await scrape(urls.command);

    expect(sumOf(command, 'concierge_commands_total', { command: 'auth.register', outcome: 'accepted' })).toBe(1);
    expect(sumOf(command, 'concierge_commands_total', { command: 'auth.verifyEmail', outcome: 'accepted' })).toBe(1);
    expect(sumOf(command, 'concierge_commands_total', { command: 'auth.register', outcome: 'rejected' })).toBe(1);
    expect(sumOf(command, 'concierge_commands_total', { command: 'users.approve', outcome: 'accepted' })).toBe(2);
    // A registration appends to the account's stream and reserves its email; sign-ins open sessions.
    expect(sumOf(command, 'concierge_event_appends_total', { category: 'user', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sumOf(command, 'concierge_event_appends_total', { category: 'userEmail', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sumOf(command, 'concierge_events_appended_total')).toBeGreaterThanOrEqual(sumOf(command, 'concierge_event_appends_total', { outcome: 'ok' }));
    expect(checkHistograms(command, 'concierge_event_append_duration_seconds')).toBeGreaterThanOrEqual(2);
    expect(checkHistograms(command, 'concierge_event_append_size_events')).toBe(1);
  });

  it('reports each projection caught up, the queues and the jobs the journey started', async () => {
    // The approval mail and the deposit address follow the approval: wait until the workers have sent it.
    let workers: Sample[] = [];
    await expect
      .poll(async () => {
        workers = await scrape(urls.workers);
        return sumOf(workers, 'concierge_jobs_total', { queue: 'MAIL', outcome: 'completed' });
      }, { timeout: 20_000, interval: 250 })
      // The confirmation mail, then the approval notice.
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => {
        workers = await scrape(urls.workers);
        return Math.max(...samplesOf(workers, 'concierge_projection_lag_events').map((s) => s.value));
      }, { timeout: 20_000, interval: 250 })
      .toBe(0);

    const lags = samplesOf(workers, 'concierge_projection_lag_seconds');
    expect(lags.map((s) => s.labels['projection'])).toEqual(expect.arrayContaining(['users', 'access', 'accounts', 'deposit-addresses', 'account-notices']));
    expect(lags.every((s) => s.value === 0)).toBe(true);
    // The users projection read past at least the registration's, the confirmation's and the approval's events.
    expect(sumOf(workers, 'concierge_projection_events_processed_total', { projection: 'users' })).toBeGreaterThanOrEqual(3);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      const depth = samplesOf(workers, 'concierge_queue_jobs', { queue: 'MAIL', state });
      expect(depth, state).toHaveLength(1);
      expect(depth[0]?.value).toBeGreaterThanOrEqual(0);
    }
    expect(samplesOf(workers, 'concierge_queue_jobs', { queue: 'PROJECTIONS', state: 'failed' })[0]?.value).toBe(0);
    expect(sumOf(workers, 'concierge_jobs_total', { queue: 'PROJECTIONS', outcome: 'completed' })).toBeGreaterThan(0);
    expect(sumOf(workers, 'concierge_jobs_total', { outcome: 'failed' })).toBe(0);
    // The deposit-address reactor gave the approved member an address: the workers' own appends.
    expect(sumOf(workers, 'concierge_event_appends_total', { category: 'wallet', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(checkHistograms(workers, 'concierge_job_duration_seconds')).toBeGreaterThanOrEqual(2);
  });

  it('labels every series with its service and serves the process series', async () => {
    const scraped = await Promise.all((['command', 'query', 'workers', 'gateway'] as const).map(async (name) => [name, await scrape(urls[name])] as const));

    const names = { command: 'command-api', query: 'query-api', workers: 'workers', gateway: 'gateway' };
    for (const [name, samples] of scraped) {
      expect(new Set(samples.map((s) => s.labels['service']))).toEqual(new Set([names[name]]));
      expect(sumOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(sumOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    }
  });

  it('serves every series the committed Grafana dashboard queries', async () => {
    const declared = new Set<string>();
    for (const url of Object.values(urls)) for (const name of seriesDeclared(await (await fetch(url)).text())) declared.add(name);

    const queried = [...seriesQueried(concierge())];
    expect(queried.length).toBeGreaterThanOrEqual(20);
    expect(queried.filter((name) => !declared.has(name))).toEqual([]);
  });

  it('never serves metrics through the public gateway', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/%2e%2e/metrics']) {
      const response = await fetch(`${product.base}${path}`);
      const text = await response.text();
      expect(text, path).not.toContain('concierge_http_request_duration_seconds');
      expect(text, path).not.toContain('process_cpu_seconds_total');
    }
    expect((await fetch(`${product.base}/api/metrics`)).status).toBe(404);
  });

  it('times a request whose target is not a URL without falling over', async () => {
    const answer = await rawRequest(product.base, 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');

    expect(answer).toMatch(/^HTTP\/1\.1 [45]\d\d /);
    expect((await fetch(`${product.base}/api/health`)).status).toBe(200);
    expect(product.restarts()['web']).toBe(0);
  });
});
