// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import * as authRoutes from '@concierge/contracts/auth/routes';
import * as usersRoutes from '@concierge/contracts/users/routes';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { api, ApiError, errorMessage, resetReadYourWrites } from '.';

/** The stub server answers every read with the path it was asked for, whatever the route's answer type. */
const pathOf = (answer: unknown) => (answer as { path: string }).path;

const ada = { firstName: 'Ada', lastName: 'Lovelace' };

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server behind window.fetch whose access token "old" has expired and whose refresh token "r1" is good once. */
function serve(options: { refreshFails?: boolean } = {}) {
  const calls: Call[] = [];
  let validRefresh = 'r1';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ url: url.pathname + url.search, method: init?.method ?? 'GET', headers, body });
    if (url.pathname === '/api/auth/refresh-token') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const presented = (body as { refreshToken?: string }).refreshToken;
      // A refresh token is single-use: presenting a spent one fails, as the real server does.
      if (options.refreshFails || presented !== validRefresh) return json({ message: 'Your session has ended. Please sign in again.' }, 401);
      validRefresh = 'r2';
      return json({ token: 'new', refreshToken: 'r2', position: null });
    }
    if (url.pathname === '/api/auth/login') return json({ message: 'Invalid email or password' }, 401);
    if (headers['authorization'] !== 'Bearer new') return json({ message: 'Please sign in to continue.' }, 401);
    // Each command's test names the position it answers with in a header of its own.
    if (init?.method === 'PUT') return json({ message: 'Saved', position: headers['x-answer-position'] ?? null });
    return json({ path: url.pathname });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshes: () => calls.filter((call) => call.url === '/api/auth/refresh-token').length };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('auth-token', 'old');
  localStorage.setItem('auth-refresh-token', 'r1');
  localStorage.setItem('auth-user', JSON.stringify({ id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'approved' }));
  resetReadYourWrites();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API client token refresh', () => {
  it('refreshes an expired access token once for several concurrent calls and retries each with the new one', async () => {
    const server = serve();
    const results = await Promise.all([
      api(authRoutes.me),
      api(usersRoutes.listUsers, { query: { page: 1, status: undefined } }),
      api(walletsRoutes.walletInfo),
    ]);
    expect(results.map(pathOf)).toEqual(['/api/auth/me', '/api/users', '/api/wallets/info']);
    expect(server.refreshes()).toBe(1);
    // Both rotated tokens are kept: the old refresh token is spent.
    expect(localStorage.getItem('auth-token')).toBe('new');
    expect(localStorage.getItem('auth-refresh-token')).toBe('r2');
    expect(server.calls.find((call) => call.url.startsWith('/api/users'))?.url).toBe('/api/users?page=1');
  });

  it('clears the whole session when the refresh token is refused', async () => {
    const server = serve({ refreshFails: true });
    const outcomes = await Promise.allSettled([api(authRoutes.me), api(walletsRoutes.walletInfo)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(server.refreshes()).toBe(1);
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(localStorage.getItem('auth-refresh-token')).toBeNull();
    expect(localStorage.getItem('auth-user')).toBeNull();
  });

  it('does not refresh when a sign-in is refused, and shows the server message', async () => {
    const server = serve();
    const error = await api(authRoutes.login, { body: { email: 'a@b.co', password: 'x' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error, 'An error occurred during login')).toBe('Invalid email or password');
    expect(server.refreshes()).toBe(0);
  });
});

describe('API client requests', () => {
  it('sends the bearer token only when one is stored', async () => {
    localStorage.setItem('auth-token', 'new');
    const server = serve();
    await api(authRoutes.me);
    localStorage.clear();
    await api(authRoutes.me).catch(() => undefined);
    expect(server.calls[0]?.headers['authorization']).toBe('Bearer new');
    expect(server.calls[1]?.headers['authorization']).toBeUndefined();
  });

  it('sends back the highest command position on later reads (read-your-writes)', async () => {
    localStorage.setItem('auth-token', 'new');
    const server = serve();
    await api(authRoutes.me);
    await api(usersRoutes.updateProfile, { headers: { 'X-Answer-Position': '12-3' }, body: ada });
    await api(usersRoutes.updateProfile, { headers: { 'X-Answer-Position': '11-9' }, body: ada });
    await api(authRoutes.me);
    const reads = server.calls.filter((call) => call.method === 'GET');
    expect(reads[0]?.headers['x-min-position']).toBeUndefined();
    expect(reads[1]?.headers['x-min-position']).toBe('12-3');
  });

  it('asks again while the read models have not reached its position, at most three times', async () => {
    localStorage.setItem('auth-token', 'new');
    const asked: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') return json({ message: 'Saved', position: '20-1' });
        asked.push((init?.headers as Record<string, string>)['X-Min-Position']);
        const reached = asked.length >= 2 ? 'true' : 'false';
        return new Response(JSON.stringify({ seen: asked.length }), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Position-Reached': reached } });
      }),
    );
    await api(usersRoutes.updateProfile, { body: ada });
    expect(await api(authRoutes.me)).toEqual({ seen: 2 });
    expect(asked).toEqual(['20-1', '20-1']);

    asked.length = 0;
    vi.stubGlobal('fetch', vi.fn(async () => {
      asked.push('again');
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Position-Reached': 'false' } });
    }));
    await api(authRoutes.me);
    expect(asked).toHaveLength(3);
  });

  it('falls back to the screen default when the server sent no message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    localStorage.setItem('auth-token', 'new');
    const error = await api(authRoutes.me).catch((caught: unknown) => caught);
    expect(errorMessage(error, 'Failed to load settings data.')).toBe('Failed to load settings data.');
  });
});

describe('API client paths from the route table', () => {
  it('fills in the path parameters of a route, percent-encoded, and sends its method', async () => {
    localStorage.setItem('auth-token', 'new');
    const server = serve();
    await api(usersRoutes.approveUser, { params: { id: 'a/b c' } });
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/users/a%2Fb%20c/approve' });
  });

  it("hands back a text route's answer as it came, and its refusal's message", async () => {
    localStorage.setItem('auth-token', 'new');
    // One line of an export reads as JSON on its own: it must still come back as the text sent.
    const line = '{"kind":"header","stream":"account-1"}\n';
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(url.pathname + url.search);
        if (url.searchParams.get('stream') === 'account-1') return new Response(line, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
        return json({ message: 'No such stream' }, 404);
      }),
    );
    expect(await api(auditRoutes.exportStream, { query: { stream: 'account-1' } })).toBe(line);
    const error = await api(auditRoutes.exportStream, { query: { stream: 'account-2' } }).catch((caught: unknown) => caught);
    expect(errorMessage(error, 'Could not download the export.')).toBe('No such stream');
    expect(asked).toEqual(['/api/audit/export?stream=account-1', '/api/audit/export?stream=account-2']);
  });

  it('refuses a route whose path parameters were not given, before sending anything', async () => {
    const server = serve();
    // @ts-expect-error the compiler asks for the parameter too; this is the check behind it
    await expect(api(usersRoutes.getUser)).rejects.toThrow('users.get needs its path parameter :id');
    expect(server.calls).toHaveLength(0);
  });
});
