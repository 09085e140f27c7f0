import { and, or, sql, type SQL } from 'drizzle-orm';
import { phoneDigits, userSearchFields, type UserSearchField, type UserSearchMode } from '#schemas/tenant-user.ts';
import { users } from '#server/db/idp.ts';
import { normalizeEmail } from './sign-in-store.ts';
import { containing, likeEscaped } from '../list.ts';

/** What GET /users matches: the keyword `q`, and the advanced search of users.md §5. */

/** What a keyword matches: the expression of the users_search trigram index (server/db/idp/tenant-users.ts), so the index serves it. */
export const userSearchText = () =>
  sql`lower(${users.id} || ' ' || coalesce(${users.username}, '') || ' ' || coalesce(${users.primaryEmail}, '') || ' ' || coalesce(${users.primaryPhone}, '') || ' ' || coalesce(${users.name}, ''))`;

const lower = (value: string) => value.toLowerCase();

/**
 * Each field as its index has it (migration 0014). Ids and e-mail addresses are stored lower-case and phones as their
 * digits: a value is matched in that form, whatever the case. Usernames and names keep their case, and are matched
 * lower-cased unless the search is case-sensitive.
 */
const fieldMatch: Record<UserSearchField, { column: SQL; lowered: SQL; stored?: (value: string) => string; pattern: (value: string) => string }> = {
  id: { column: sql`${users.id}`, lowered: sql`${users.id}`, stored: lower, pattern: lower },
  primaryEmail: { column: sql`${users.primaryEmail}`, lowered: sql`${users.primaryEmail}`, stored: normalizeEmail, pattern: lower },
  primaryPhone: { column: sql`${users.primaryPhone}`, lowered: sql`${users.primaryPhone}`, stored: phoneDigits, pattern: (value) => value },
  username: { column: sql`${users.username}`, lowered: sql`lower(${users.username})`, pattern: lower },
  name: { column: sql`${users.name}`, lowered: sql`lower(${users.name})`, pattern: lower },
};

/** Keywords shorter than a trigram. */
const shortKeyword = (q: string) => [...q].length < 3;

/**
 * The keyword's match, case-insensitive: a substring of any field (the trigram index), or for a keyword of one or two
 * characters, which trigrams cannot serve, the start of a field (the fields' own indexes).
 */
export const keywordMatch = (q: string | undefined): SQL | undefined => {
  if (!q) return undefined;
  if (!shortKeyword(q)) return containing(userSearchText(), q);
  const prefix = `${likeEscaped(q.toLowerCase())}%`;
  return or(...userSearchFields.map((field) => sql`${fieldMatch[field].lowered} like ${prefix}`));
};

export type AdvancedSearch = {
  fields: { field: UserSearchField; values: string[]; mode: UserSearchMode }[];
  joint: 'or' | 'and';
  isCaseSensitive: boolean;
};

/**
 * The advanced search's predicate: each field matches any of its values, the fields joined by `joint`. An exact
 * case-sensitive match also states the lower-cased one, which the field's index serves.
 */
export const advancedMatch = ({ fields, joint, isCaseSensitive }: AdvancedSearch): SQL | undefined => {
  const inList = (values: string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
  const matches = fields.map(({ field, values, mode }) => {
    const { column, lowered, stored, pattern } = fieldMatch[field];
    const sensitive = isCaseSensitive && !stored;
    if (mode === 'exact') {
      const exact = sql`${lowered} in (${inList(values.map(stored ?? lower))})`;
      return sensitive ? and(exact, sql`${column} in (${inList(values)})`)! : exact;
    }
    return or(...values.map((value) => (sensitive ? sql`${column} like ${value}` : sql`${lowered} like ${pattern(value)}`)))!;
  });
  return joint === 'and' ? and(...matches) : or(...matches);
};
