import { listQueryOf } from '#schemas/paging.ts';
import type { WebhookListSearch } from '#schemas/list-search/webhooks.ts';
import type { HookListQuery } from '#src/api/management/webhooks.ts';

/** What the webhooks list asks GET /hooks for, from its URL: the page, the name search and the enabled filter. */
export const hookListQueryOf = ({ enabled, ...search }: WebhookListSearch): HookListQuery => ({
  ...listQueryOf(search),
  ...(enabled === undefined ? {} : { enabled: enabled ? 'true' : 'false' }),
});
