import * as z from 'zod/mini';
import { hookEvents, type HookEvent } from '../webhook.ts';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

/** The webhooks list's URL: page, the name search and the enabled filter (`?enabled=false`, which the router reads as JSON). */
export const readWebhookListSearch = searchReader({ ...listSearchShape, enabled: z.boolean() });
export type WebhookListSearch = ReturnType<typeof readWebhookListSearch>;

/** The recent-requests tab's URL: its page and the event filter (GET /hooks/{id}/recent-logs?logKey=TriggerHook.{event}). */
export const readWebhookLogSearch = searchReader({
  page: listSearchShape.page,
  event: z.enum(hookEvents as [HookEvent, ...HookEvent[]]),
});
export type WebhookLogSearch = ReturnType<typeof readWebhookLogSearch>;
