// The demo's commands ask the running product who a member is, as an admin would in the app.
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
