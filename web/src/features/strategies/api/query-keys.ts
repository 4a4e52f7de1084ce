/** Strategy groups: the Strategy Manager's table (the admin list, sorted by risk weight). */
export const strategiesKeys = {
  all: ['strategies'] as const,
  list: () => ['strategies', 'list'] as const,
};
