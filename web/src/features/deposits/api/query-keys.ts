/** Filters of the admin deposits list; `userId` undefined means every member's deposits. */
export type DepositsParams = { page: number; limit: number; userId: string | undefined };

/** Deposit lists: all deposits (Deposit History), one member's (User Details) and the member's own. */
export const depositsKeys = {
  all: ['deposits'] as const,
  list: (params: DepositsParams) => ['deposits', 'list', params] as const,
  /** The signed-in member's deposits (null until their id is known). */
  mine: (userId: string | undefined) => ['deposits', 'mine', userId ?? null] as const,
};
