import { defineRoute } from '@concierge/contracts/shared/route';
import { api, apiPage } from '.';

/**
 * A specification the compiler runs (`tsc -p web`): what `api(route, …)` takes and answers comes
 * from the route table, so each `@ts-expect-error` below marks a call that must not compile. If
 * one of them ever compiles, the directive itself is the error. Nothing here runs: the function
 * is never called, and no page imports this file.
 */
export async function apiTypeSpecification(): Promise<void> {
  // Loaded lazily like every route module of lib/ (the first page loads no contracts schema).
  const authRoutes = await import('@concierge/contracts/auth/routes');
  const usersRoutes = await import('@concierge/contracts/users/routes');
  const withdrawalsRoutes = await import('@concierge/contracts/withdrawals/routes');
  const depositsRoutes = await import('@concierge/contracts/deposits/routes');

  // What compiles: the route's own params, query and body, and an answer typed by its schema.
  const user = await api(usersRoutes.getUser, { params: { id: 'u1' } });
  const email: string = user.email;
  const page = await api(usersRoutes.listUsers, { query: { page: 2, status: 'pending', search: undefined } });
  const total: number = page.total;
  await api(usersRoutes.rejectUser, { params: { id: 'u1' }, body: { reason: 'duplicate account' } });
  // A body schema that accepts no body may be left out; a body with a default may leave that field out.
  await api(usersRoutes.approveUser, { params: { id: 'u1' } });
  await api(authRoutes.login, { body: { email, password: 'secret' } });
  const deposits = await apiPage(depositsRoutes.allDeposits, { query: { page: 1, limit: 10 } });
  const firstHash: string | undefined = deposits.data[0]?.transactionHash;
  void [total, firstHash];

  // A wrong body: a number where the schema wants text, a required field left out, a field of another action.
  // @ts-expect-error the rejection reason is text
  await api(usersRoutes.rejectUser, { params: { id: 'u1' }, body: { reason: 42 } });
  // @ts-expect-error a sign-in needs the password
  await api(authRoutes.login, { body: { email } });
  // @ts-expect-error a rejection of a withdrawal carries `rejectionReason`, not `transactionHash`
  await api(withdrawalsRoutes.processRequest, { params: { id: 'w1' }, body: { action: 'reject', transactionHash: '0xab' } });
  // @ts-expect-error a route without a body schema takes no body
  await api(usersRoutes.getUser, { params: { id: 'u1' }, body: { id: 'u1' } });
  // @ts-expect-error a PUT of the profile needs its body
  await api(usersRoutes.updateProfile);

  // Missing or wrong path parameters.
  // @ts-expect-error GET /users/:id needs its id
  await api(usersRoutes.getUser);
  // @ts-expect-error the parameter is `id`, not `userId`
  await api(usersRoutes.getUser, { params: { userId: 'u1' } });
  // @ts-expect-error a path without parameters takes none
  await api(authRoutes.me, { params: { id: 'u1' } });
  // @ts-expect-error a query the route does not read
  await api(usersRoutes.listUsers, { query: { status: 'sleeping' } });

  // A route object that is not in the contracts' table, even one copied from a route of it.
  // @ts-expect-error a path written by hand beside the table
  await api({ ...authRoutes.me, path: '/auth/whoami' });
  // @ts-expect-error a route made outside the contracts
  await api(defineRoute({ id: 'users.peek', method: 'GET', path: '/users/peek', side: 'query', access: 'public', summary: 'Not a route of the table.', response: usersRoutes.getUser.response }));
  // @ts-expect-error a page of a route whose answer has no X-Total-Count
  await apiPage(usersRoutes.listUsers);

  // The answer is the route's response type, not whatever the caller would like.
  // @ts-expect-error GET /users/:id answers a user, whose email is text
  const wrongEmail: number = user.email;
  // @ts-expect-error a user has no `balance`
  const noBalance: unknown = user.balance;
  // @ts-expect-error GET /users answers a page object, not an array of users
  const notAnArray: readonly unknown[] = page;
  // @ts-expect-error a sign-in answers a token, never a number
  const token: number = (await api(authRoutes.login, { body: { email, password: 'secret' } })).token;
  void [wrongEmail, noBalance, notAnArray, token];
}
