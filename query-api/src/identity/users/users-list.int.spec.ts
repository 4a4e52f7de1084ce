import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@concierge/contracts';
import { ensureQueryIndexes } from '../../indexes.js';
import { putUsers, startQueryApi, userDoc, type QueryApiHarness } from '../../testing/harness.js';

type Page = { users: UserDto[]; total: number; page: number; limit: number };

// Registered in this order, one minute apart; the list shows the newest first.
const people = [
  userDoc(0, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.org' }),
  userDoc(1, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil', status: 'pending' }),
  userDoc(2, { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.uk' }),
  userDoc(3, { firstName: 'Edsger', lastName: 'Dijkstra', email: 'ewd_100%@example.com', status: 'rejected' }),
  userDoc(4, { firstName: 'Barbara', lastName: 'Liskov', email: 'liskov@mit.edu', status: 'pending' }),
  userDoc(5, { firstName: 'Margaret', lastName: 'Hamilton', email: 'margaret@apollo.space', status: 'suspended' }),
  userDoc(6, { firstName: 'Adam', lastName: 'Smith', email: 'adam@wealth.org' }),
  userDoc(7, { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@nasa.gov' }),
  userDoc(8, { firstName: 'Root', lastName: 'Admin', email: 'root@concierge.test', role: 'admin' }),
];
const newestFirst = [...people].reverse();
const names = (page: Page) => page.users.map((u) => `${u.firstName} ${u.lastName}`);
const namesOf = (docs: typeof people) => docs.map((u) => `${u.firstName} ${u.lastName}`);

describe('GET /api/users (admin user management list)', () => {
  let api: QueryApiHarness;
  let admin: string;
  const list = async (query: string) => {
    const response = await api.get(`/users${query}`, admin);
    return { status: response.status, page: response.body as unknown as Page, message: response.body['message'] };
  };

  beforeAll(async () => {
    api = await startQueryApi('userslist');
    admin = api.bearer({ sub: 'admin-1', role: 'admin' });
    await putUsers(api.readStore, people);
  });
  afterAll(async () => api?.close());

  it('shows the first 10 users newest first, with the exact total and the page asked for', async () => {
    const { status, page } = await list('');
    expect(status).toBe(200);
    expect(names(page)).toEqual(namesOf(newestFirst));
    expect(page).toMatchObject({ total: 9, page: 1, limit: 10 });
  });

  it('shows each user as the product describes them, without read-model internals', async () => {
    const { page } = await list('?search=lovelace');
    const ada = people[0];
    expect(page.users).toEqual([
      {
        _id: ada?.id,
        id: ada?.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@analytical.org',
        role: 'user',
        status: 'approved',
        walletAddress: null,
        subscriptionPlan: null,
        subscriptionPlanName: null,
        primaryWithdrawalAddress: null,
        emailVerified: true,
        createdAt: ada?.createdAt,
      },
    ]);
  });

  it('filters by exact status; blank or "all" shows every status', async () => {
    const pending = await list('?status=pending');
    expect(names(pending.page)).toEqual(['Barbara Liskov', 'Grace Hopper']);
    expect(pending.page.total).toBe(2);
    expect((await list('?status=rejected')).page.total).toBe(1);
    expect((await list('?status=suspended')).page.users.map((u) => u.status)).toEqual(['suspended']);
    expect((await list('?status=')).page.total).toBe(9);
    expect((await list('?status=all')).page.total).toBe(9);
  });

  it('searches first name, last name, full name and email, ignoring case', async () => {
    const search = async (text: string) => names((await list(`?search=${encodeURIComponent(text)}`)).page);
    expect(await search('ADA')).toEqual(['Adam Smith', 'Ada Lovelace']);
    expect(await search('hopper')).toEqual(['Grace Hopper']);
    expect(await search('ada lovelace')).toEqual(['Ada Lovelace']);
    expect(await search('e JOHN')).toEqual(['Katherine Johnson']);
    expect(await search('navy.mil')).toEqual(['Grace Hopper']);
    expect(await search('  turing  ')).toEqual(['Alan Turing']);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('treats search text literally, so % and _ match only themselves', async () => {
    const percent = await list(`?search=${encodeURIComponent('100%')}`);
    expect(names(percent.page)).toEqual(['Edsger Dijkstra']);
    expect((await list(`?search=${encodeURIComponent('d_1')}`)).page.total).toBe(1);
    expect((await list(`?search=${encodeURIComponent('a_a')}`)).page.total).toBe(0);
  });

  it('combines status and search, counting only users matching both', async () => {
    const both = await list('?search=mit');
    expect(names(both.page)).toEqual(['Adam Smith', 'Barbara Liskov']);
    const pendingOnly = await list('?search=mit&status=pending');
    expect(names(pendingOnly.page)).toEqual(['Barbara Liskov']);
    expect(pendingOnly.page.total).toBe(1);
  });

  it('pages through every user once, the total staying exact beyond the last page', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { page: body } = await list(`?page=${page}&limit=3`);
      expect(body).toMatchObject({ total: 9, page, limit: 3 });
      seen.push(...names(body));
      if (page === 4) expect(body.users).toEqual([]);
    }
    expect(seen).toEqual(namesOf(newestFirst));
    const pendingPage2 = await list('?status=pending&page=2&limit=1');
    expect(names(pendingPage2.page)).toEqual(['Grace Hopper']);
    expect(pendingPage2.page.total).toBe(2);
  });

  it('answers a malformed page, limit or status with 400 and a message to act on', async () => {
    expect(await list('?limit=0')).toMatchObject({ status: 400, message: 'limit must be at least 1' });
    expect(await list('?limit=101')).toMatchObject({ status: 400, message: 'limit must be at most 100' });
    expect(await list('?page=0')).toMatchObject({ status: 400, message: 'page must be at least 1' });
    expect(await list('?page=two')).toMatchObject({ status: 400, message: 'page must be a number' });
    expect(await list('?status=vip')).toMatchObject({
      status: 400,
      message: 'status must be one of: pending, approved, rejected, suspended (or empty for all)',
    });
  });

  it('lists the same after its indexes are declared again (idempotent start-up)', async () => {
    await ensureQueryIndexes(api.readStore);
    await ensureQueryIndexes(api.readStore);
    const { page } = await list('?search=a&status=approved&limit=2');
    expect(names(page)).toEqual(['Root Admin', 'Katherine Johnson']);
    expect(page.total).toBe(5);
  });
});
