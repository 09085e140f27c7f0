import { flagFilter } from './ids.ts';

/** Filters of GET /resources beside page, page_size and q. */
export const resourceListFilters = { includeScopes: flagFilter };
