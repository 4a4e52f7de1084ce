// The demo's commands ask the running product who a member is, as an admin would in the app.
import { until } from './cli.js';
import { DEMO, gatewayUrl } from './settings.js';

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${gatewayUrl()}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  }).catch(() => {
    throw new Error(`The demo is not answering at ${gatewayUrl()}: start it with \`npm run demo\` first.`);
  });
  const body = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

export async function adminToken(): Promise<string> {
  const body = (await call('/auth/login', { method: 'POST', body: JSON.stringify(DEMO.admin) })) as { token: string };
  return body.token;
}

export async function memberToken(): Promise<string> {
  const { email, password } = DEMO.member;
  const body = (await call('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })) as { token: string };
  return body.token;
}

/** The member's id and deposit address (null until the workers assigned one). */
export async function memberByEmail(token: string, email: string): Promise<{ id: string; walletAddress: string | null }> {
  const page = (await call(`/users?search=${encodeURIComponent(email)}&limit=50`, { headers: { authorization: `Bearer ${token}` } })) as {
    users: { id: string; email: string; walletAddress: string | null }[];
  };
  const user = page.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`No user ${email} in the demo.`);
  return { id: user.id, walletAddress: user.walletAddress };
}

/** The strategy groups: name, display name, id and their token symbols. */
export async function strategyGroups(): Promise<{ id: string; name: string; displayName: string; tokenSymbols: string[] }[]> {
  return (await call('/strategies/public')) as { id: string; name: string; displayName: string; tokenSymbols: string[] }[];
}

export async function healthy(): Promise<boolean> {
  return fetch(`${gatewayUrl()}/api/health`).then((r) => r.ok, () => false);
}

/**
 * Whether the member's `deposits` deposits are credited and their valuations read at `asOfMs` or
 * later: the demo's figures are complete. Undefined until then.
 */
export async function memberSettled(token: string, deposits: number, asOfMs: number): Promise<true | undefined> {
  const headers = { authorization: `Bearer ${token}` };
  const history = (await call('/wallets/transactions?limit=50', { headers })) as { transactions: { type: string }[] };
  const performance = (await call('/wallets/performance', { headers })) as { asOf: string | null };
  const credited = history.transactions.filter((item) => item.type === 'Deposit').length;
  return credited >= deposits && performance.asOf !== null && Date.parse(performance.asOf) >= asOfMs ? true : undefined;
}

/** The member's deposit address, once the workers have handed one out. */
export async function memberAddress(email: string): Promise<string> {
  const token = await adminToken();
  return until(`the deposit address of ${email}`, 60_000, async () => (await memberByEmail(token, email)).walletAddress ?? undefined);
}
