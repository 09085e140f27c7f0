/** What a tenant user's title is made of (schemas/tenant-user.ts); on its own, so that a page showing titles loads no user guards. */
export type UserNames = { name: string | null; username: string | null; primaryEmail: string | null; primaryPhone: string | null };

/**
 * users.md §1: name, then username, e-mail, phone; undefined for a user with none (the console says "Unnamed").
 * The subtitle is shown only under a name.
 */
export const userTitle = (user: UserNames) => user.name || user.username || user.primaryEmail || user.primaryPhone || undefined;
export const userSubtitle = (user: UserNames) => (user.name ? user.username || user.primaryEmail || user.primaryPhone || undefined : undefined);
