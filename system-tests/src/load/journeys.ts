import { call, type Recorder } from './client.js';
import { LOAD_PASSWORD, randomEvmAddress, type SeededAccount } from './seed.js';

/** What a virtual user needs: where the product is, the run's recorder, and whether to go on. */
export interface JourneyContext {
  readonly base: string;
  readonly recorder: Recorder;
  /** False once the run's duration is over: a journey stops at its next step. */
  readonly running: () => boolean;
  /** Waits as a person reading the page would (a random share of the think time). */
  readonly think: () => Promise<void>;
}

interface Session {
  readonly authorization: string;
  readonly refreshToken: string;
}
interface Accepted {
  readonly position: string | null;
}

/**
 * Visits between a sign-in and a sign-out. A person keeps the app open for a while (the SPA
 * refreshes its token rather than signing in again), so at the default think time a member signs
 * in once in a one-minute run.
 */
const VISITS_PER_SESSION = 8;

async function signIn(ctx: JourneyContext, account: SeededAccount): Promise<Session | undefined> {
  const body = await call<{ token: string; refreshToken: string }>(ctx.base, ctx.recorder, 'auth.login', {
    body: { email: account.email, password: LOAD_PASSWORD },
  });
  return body && { authorization: `Bearer ${body.token}`, refreshToken: body.refreshToken };
}

async function signOut(ctx: JourneyContext, session: Session): Promise<void> {
  await call(ctx.base, ctx.recorder, 'auth.logout', { authorization: session.authorization, body: { refreshToken: session.refreshToken } });
}

/** The member dashboard's reads, sent together as the SPA sends them. */
async function dashboard(ctx: JourneyContext, authorization: string): Promise<void> {
  const get = (route: string, query?: string) => call(ctx.base, ctx.recorder, route, { authorization, query });
  await Promise.all([
    get('auth.me'),
    get('wallets.info'),
    get('portfolio.performance'),
    get('wallets.transactions', 'limit=5'),
    get('withdrawals.history', 'page=1&limit=10'),
    get('withdrawalAddresses.list'),
  ]);
}

async function updateProfile(ctx: JourneyContext, authorization: string, visit: number): Promise<void> {
  const saved = await call<Accepted>(ctx.base, ctx.recorder, 'users.updateProfile', {
    authorization,
    body: { firstName: 'Load', lastName: `Visit${visit}` },
  });
  if (saved) await call(ctx.base, ctx.recorder, 'auth.me', { authorization, minPosition: saved.position });
}

async function addAndRemoveAddress(ctx: JourneyContext, authorization: string): Promise<void> {
  const added = await call<Accepted & { id: string }>(ctx.base, ctx.recorder, 'withdrawalAddresses.add', {
    authorization,
    body: { label: 'Exchange', address: randomEvmAddress(), network: 'Ethereum' },
  });
  if (!added) return;
  await call(ctx.base, ctx.recorder, 'withdrawalAddresses.list', { authorization, minPosition: added.position });
  await ctx.think();
  const removed = await call<Accepted>(ctx.base, ctx.recorder, 'withdrawalAddresses.remove', { authorization, params: { id: added.id } });
  if (removed) await call(ctx.base, ctx.recorder, 'withdrawalAddresses.list', { authorization, minPosition: removed.position });
}

async function requestAndCancelWithdrawal(ctx: JourneyContext, authorization: string): Promise<void> {
  const requested = await call<Accepted & { withdrawalId: string }>(ctx.base, ctx.recorder, 'withdrawals.request', {
    authorization,
    body: { amount: 1, asset: 'USDC' },
  });
  if (!requested) return;
  await call(ctx.base, ctx.recorder, 'withdrawals.history', { authorization, query: 'page=1&limit=10', minPosition: requested.position });
  await ctx.think();
  const cancelled = await call<Accepted>(ctx.base, ctx.recorder, 'withdrawals.cancel', {
    authorization,
    params: { id: requested.withdrawalId },
    body: { reason: 'Changed my mind' },
  });
  if (cancelled) await call(ctx.base, ctx.recorder, 'wallets.transactions', { authorization, query: 'limit=5', minPosition: cancelled.position });
}

/**
 * A member's visits: sign in, then a few rounds of the dashboard each followed by one of the
 * things members do (look at the portfolio, change their name, add and drop an address, ask for
 * a withdrawal and cancel it), then sign out.
 */
export async function memberJourney(ctx: JourneyContext, member: SeededAccount): Promise<void> {
  const session = await signIn(ctx, member);
  if (!session) return ctx.think();
  const { authorization } = session;
  for (let visit = 0; visit < VISITS_PER_SESSION && ctx.running(); visit += 1) {
    await dashboard(ctx, authorization);
    await ctx.think();
    if (!ctx.running()) break;
    const pick = Math.random();
    if (pick < 0.35) {
      await call(ctx.base, ctx.recorder, 'portfolio.performance', { authorization });
      await call(ctx.base, ctx.recorder, 'wallets.transactions', { authorization, query: 'limit=20&offset=0' });
    } else if (pick < 0.55) await updateProfile(ctx, authorization, visit);
    else if (pick < 0.8) await addAndRemoveAddress(ctx, authorization);
    else await requestAndCancelWithdrawal(ctx, authorization);
    await ctx.think();
  }
  await signOut(ctx, session);
}

/** What admins type into the user search: a last name, an email fragment, two letters. */
const SEARCHES = ['member1', 'Member42', 'load.example', 'lo', 'ad', 'Load Member7', 'nobody-here'];

/** An admin's rounds: the admin dashboard, the user list with searches, withdrawal requests and deposits. */
export async function adminJourney(ctx: JourneyContext, admin: SeededAccount): Promise<void> {
  const session = await signIn(ctx, admin);
  if (!session) return ctx.think();
  const { authorization } = session;
  const get = (route: string, query?: string) => call(ctx.base, ctx.recorder, route, { authorization, query });
  for (let round = 0; round < VISITS_PER_SESSION && ctx.running(); round += 1) {
    await Promise.all([get('users.stats'), get('users.pending'), get('withdrawals.adminList', 'status=pending')]);
    await ctx.think();
    await get('users.list', 'page=1&limit=10');
    await ctx.think();
    const search = SEARCHES[Math.floor(Math.random() * SEARCHES.length)] ?? 'lo';
    await get('users.list', `page=1&limit=10&search=${encodeURIComponent(search)}`);
    await ctx.think();
    await get('withdrawals.adminList', 'page=1&limit=10');
    await get('deposits.list', 'page=1&limit=10');
    await ctx.think();
  }
  await signOut(ctx, session);
}
