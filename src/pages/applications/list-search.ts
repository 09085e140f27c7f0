import { offeredApplicationTypes, type OfferedApplicationType } from '#schemas/application-types.ts';
import { readListSearch, type ListSearch } from '#schemas/paging.ts';

/** The list's search in the URL: page, search text and one type. */
export type ApplicationListSearch = ListSearch & { type?: OfferedApplicationType };

export const isOfferedType = (value: unknown): value is OfferedApplicationType => offeredApplicationTypes.some((type) => type === value);

export const readApplicationListSearch = (search: Record<string, unknown>): ApplicationListSearch => ({
  ...readListSearch(search),
  ...(isOfferedType(search.type) ? { type: search.type } : {}),
});
