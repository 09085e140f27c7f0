import * as z from 'zod/mini';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

// The route's search readers load with the first screen: this file names no webhook event, so that the events and the
// webhook guards (schemas/webhook.ts) stay with the webhooks pages. The server checks the event.

/** The webhooks list's URL: page, the name search and the enabled filter (`?enabled=false`, which the router reads as JSON). */
export const readWebhookListSearch = searchReader({ ...listSearchShape, enabled: z.boolean() });
export type WebhookListSearch = ReturnType<typeof readWebhookListSearch>;

/** An event's name as the URL may carry it (`User.Created`). */
const eventName = z.string().check(z.maxLength(64), z.regex(/^[A-Za-z]+(\.[A-Za-z]+)*$/));

/** The recent-requests tab's URL: its page and the event filter (GET /hooks/{id}/recent-logs?logKey=TriggerHook.{event}). */
export const readWebhookLogSearch = searchReader({ page: listSearchShape.page, event: eventName });
export type WebhookLogSearch = ReturnType<typeof readWebhookLogSearch>;
