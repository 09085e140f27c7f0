import * as z from 'zod/mini';
import { advancedUserSearchGuard, userSearchFields, type UserSearchMode } from '#schemas/tenant-user.ts';
import { invalidInput } from '#server/api/errors.ts';
import type { AdvancedSearch } from '#server/tenant/users/search.ts';

/** The advanced search in a query's repeated values; 400 for an unknown field or mode, or a mode without its search (the guard's). */
export const readAdvancedSearch = (
  queries: Record<string, string[]>,
  { joint = 'or', isCaseSensitive }: { joint?: 'or' | 'and'; isCaseSensitive?: 'true' | 'false' },
): AdvancedSearch | undefined => {
  const advanced = Object.fromEntries(Object.entries(queries).filter(([key]) => key.startsWith('search.') || key.startsWith('mode.')));
  const parsed = z.safeParse(advancedUserSearchGuard, advanced);
  if (!parsed.success) throw invalidInput('The advanced search is invalid.', parsed.error);
  const search = parsed.data as Record<string, string[] | undefined>;
  const fields = userSearchFields.flatMap((field) => {
    const values = search[`search.${field}`];
    return values ? [{ field, values, mode: (search[`mode.${field}`]?.[0] ?? 'like') as UserSearchMode }] : [];
  });
  return fields.length > 0 ? { fields, joint, isCaseSensitive: isCaseSensitive === 'true' } : undefined;
};
