import { defaultPageSize } from '#schemas/paging.ts';
import type { WebhookLogSearch } from '#schemas/list-search/webhooks.ts';
import type { HookEvent } from '#schemas/webhook.ts';
import type { HookLogQuery } from '#src/api/management/webhooks.ts';

/** What the recent-requests tab asks for: its page and event filter, over the server's default window (the last 24 h). */
export const recentLogsQuery = ({ page = 1, event }: WebhookLogSearch): HookLogQuery => ({ page, pageSize: defaultPageSize, ...(event ? { event: event as HookEvent } : {}) });
