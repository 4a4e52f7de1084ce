/** The users list pages like every admin list. */
export { ListPagination as UsersPagination } from '../../../lib/admin-money/list-pagination';
