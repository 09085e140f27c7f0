import * as z from 'zod/mini';
import { logResults } from './log.ts';
import { plainName } from './text.ts';

/**
 * Webhooks (spec 02 §3 Hook and Log; webhooks.md §2–§6): the hook as the management API answers it, the bodies it
 * takes, the events, the custom header rules and the delivery log. Shared by the server and the console.
 */

/** The events in the create form's groups (webhooks.md §2), each group in the order the form lists it. */
export const hookEventGroups = {
  User: ['User.Created', 'User.Deleted', 'User.Data.Updated', 'User.SuspensionStatus.Updated'],
  Role: ['Role.Created', 'Role.Deleted', 'Role.Data.Updated', 'Role.Scopes.Updated'],
  Scope: ['Scope.Created', 'Scope.Deleted', 'Scope.Data.Updated'],
  Organization: ['Organization.Created', 'Organization.Deleted', 'Organization.Data.Updated', 'Organization.Membership.Updated'],
  OrganizationRole: ['OrganizationRole.Created', 'OrganizationRole.Deleted', 'OrganizationRole.Data.Updated', 'OrganizationRole.Scopes.Updated'],
  OrganizationScope: ['OrganizationScope.Created', 'OrganizationScope.Deleted', 'OrganizationScope.Data.Updated'],
  Interaction: ['PostRegister', 'PostSignIn', 'PostResetPassword'],
} as const;
export type HookEventGroup = keyof typeof hookEventGroups;
export const hookEventGroupNames = Object.keys(hookEventGroups) as HookEventGroup[];

/** Every event (spec 02 §3). */
export const hookEvents = Object.values(hookEventGroups).flat() as HookEvent[];
export type HookEvent = (typeof hookEventGroups)[HookEventGroup][number];
/** The sign-in flow's events: payload with the user and the interaction; the rest are data events. */
export const interactionHookEvents = hookEventGroups.Interaction;
export type InteractionHookEvent = (typeof interactionHookEvents)[number];
export const isInteractionHookEvent = (event: string): event is InteractionHookEvent =>
  (interactionHookEvents as readonly string[]).includes(event);

/** The log key of a delivery attempt of `event`. */
export const hookLogKeyPrefix = 'TriggerHook.';
export const hookLogKey = (event: HookEvent) => `${hookLogKeyPrefix}${event}` as const;

export const hookNameMaxLength = 128;
export const hookUrlMaxLength = 2048;
export const maxHookRetries = 3;
export const defaultHookRetries = 3;
/** How much of a response body a delivery log keeps, in bytes. */
export const hookResponseBodyMaxBytes = 4096;
/** The window of execution stats and of the recent-requests tab by default: 24 h. */
export const hookStatsWindowMs = 24 * 60 * 60 * 1000;
/** The user agent of every delivery. */
export const hookUserAgent = 'Gatehouse';

/** The signature headers (webhooks.md §5): Logto's, Gatehouse's own copy, and the Standard Webhooks ones. */
export const hookSignatureHeader = 'logto-signature-sha-256';
export const gatehouseSignatureHeader = 'gatehouse-signature-sha-256';
export const standardWebhookHeaders = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/**
 * Header names a hook's custom headers may not set (lower case): what the server sets itself, the signatures, and
 * the ones that shape the HTTP message rather than describe it.
 */
export const reservedHookHeaders: readonly string[] = [
  'content-type',
  'user-agent',
  'host',
  hookSignatureHeader,
  gatehouseSignatureHeader,
  ...Object.values(standardWebhookHeaders),
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
];
/** A custom header's name: printable ASCII without `:` (webhooks.md §3). */
export const hookHeaderKeyPattern = /^[\x21-\x39\x3B-\x7E]+$/;
/** A custom header's value: printable ASCII and space. */
export const hookHeaderValuePattern = /^[\x20-\x7E]*$/;
export const hookHeaderKeyMaxLength = 256;
export const hookHeaderValueMaxLength = 4096;
export const maxHookHeaders = 50;
export const isReservedHookHeader = (key: string) => reservedHookHeaders.includes(key.toLowerCase());

/** The reason a custom header is refused, or undefined: what the console's form shows per row and the API checks. */
export type HookHeaderProblem = 'key_invalid' | 'value_invalid' | 'reserved' | 'duplicate';
export const hookHeaderProblems = (headers: Record<string, string>): Record<string, HookHeaderProblem> => {
  const problems: Record<string, HookHeaderProblem> = {};
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(headers)) {
    const lower = key.toLowerCase();
    if (key.length > hookHeaderKeyMaxLength || !hookHeaderKeyPattern.test(key)) problems[key] = 'key_invalid';
    else if (isReservedHookHeader(key)) problems[key] = 'reserved';
    else if (seen.has(lower)) problems[key] = 'duplicate';
    else if (value.length > hookHeaderValueMaxLength || !hookHeaderValuePattern.test(value)) problems[key] = 'value_invalid';
    seen.add(lower);
  }
  return problems;
};

export const hookHeadersGuard = z.record(z.string(), z.string()).check(
  z.refine((headers) => Object.keys(headers).length <= maxHookHeaders, `At most ${maxHookHeaders} headers.`),
  z.refine(
    (headers) => Object.keys(hookHeaderProblems(headers)).length === 0,
    'Header names are printable ASCII without ":", values printable ASCII; a name once (any case); content-type, user-agent, host and the signature headers are set by the server.',
  ),
);

const hookName = z.string().check(z.trim(), z.minLength(1), z.maxLength(hookNameMaxLength), plainName);
/** An http(s) URL; whether http and the address are allowed depends on the edition (the server checks at save and send). */
export const hookUrlGuard = z.string().check(
  z.maxLength(hookUrlMaxLength),
  z.refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  }, 'Must be an absolute http(s) URL without credentials.'),
);
const retries = z.number().check(z.int(), z.minimum(0), z.maximum(maxHookRetries));
const eventsGuard = z.array(z.enum(hookEvents as [HookEvent, ...HookEvent[]])).check(z.maxLength(hookEvents.length));

export const hookConfigGuard = z.strictObject({
  url: hookUrlGuard,
  headers: z.optional(hookHeadersGuard),
  retries: z.optional(retries),
});
export type HookConfig = z.infer<typeof hookConfigGuard>;

/** The 24-hour counts of delivery attempts (logs) of a hook, and how many succeeded. */
export const hookExecutionStatsGuard = z.object({ successCount: z.number(), requestCount: z.number() });
export type HookExecutionStats = z.infer<typeof hookExecutionStatsGuard>;

/** A hook as the management API answers it; `executionStats` with `includeExecutionStats=true`. */
export const hookGuard = z.object({
  id: z.string(),
  name: z.string(),
  /** Logto's legacy single event; null for hooks made with `events`. */
  event: z.nullable(z.enum(hookEvents as [HookEvent, ...HookEvent[]])),
  events: eventsGuard,
  config: z.object({ url: z.string(), headers: z.optional(z.record(z.string(), z.string())), retries: z.number() }),
  /** 32 alphanumeric characters, shown to admins in full. */
  signingKey: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  executionStats: z.optional(hookExecutionStatsGuard),
});
export type Hook = z.infer<typeof hookGuard>;

/** Body of POST /hooks; `events` (or the legacy `event`) must name at least one, else 400 hook.missing_events. */
export const createHookGuard = z.strictObject({
  name: hookName,
  events: z.optional(eventsGuard),
  event: z.optional(z.nullable(z.enum(hookEvents as [HookEvent, ...HookEvent[]]))),
  config: hookConfigGuard,
  enabled: z.optional(z.boolean()),
});
export type CreateHook = z.infer<typeof createHookGuard>;

/** Body of PATCH /hooks/{id}: any part of the create body; `config` replaces the whole config. */
export const patchHookGuard = z.strictObject({
  name: z.optional(hookName),
  events: z.optional(eventsGuard),
  event: z.optional(z.nullable(z.enum(hookEvents as [HookEvent, ...HookEvent[]]))),
  config: z.optional(hookConfigGuard),
  enabled: z.optional(z.boolean()),
});
export type PatchHook = z.infer<typeof patchHookGuard>;

/** Body of POST /hooks/{id}/test: the form's unsaved events and config; signed with the saved key. */
export const testHookGuard = z.strictObject({ events: eventsGuard.check(z.minLength(1)), config: hookConfigGuard });
export type TestHook = z.infer<typeof testHookGuard>;

/** Query of GET /hooks beside page, page_size and q (name, substring, any case). */
export const hookListFilters = {
  enabled: z.optional(z.enum(['true', 'false'])),
  includeExecutionStats: z.optional(z.enum(['true', 'false'])),
};
/** Query of GET /hooks/{id}. */
export const hookQueryGuard = z.object({ includeExecutionStats: z.optional(z.enum(['true', 'false'])) });

/**
 * Filters of GET /hooks/{id}/recent-logs beside page and page_size; the window defaults to the last 24 h. `deliveryId`:
 * the attempts of one delivery only (the attempt timeline).
 */
export const hookLogFilters = {
  logKey: z.optional(z.string().check(z.maxLength(128))),
  deliveryId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  start_time: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  end_time: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
};

/** An inbox name the console may ask for (the server appends the tenant's id): letters, digits, `_` and `-`. */
export const devInboxNameGuard = z.string().check(z.regex(/^[\w-]{1,40}$/));
/** The inbox's name when the form has no name to make one from. */
export const defaultDevInboxName = 'inbox';
/** Query of GET /hooks/dev-inbox. */
export const devInboxQuery = { name: z.optional(devInboxNameGuard) };
/** Answer of GET /hooks/dev-inbox: the tenant's dev webhook inbox, with its own token (it opens that inbox only). */
export const devInboxGuard = z.object({ url: z.string() });
export type DevInbox = z.infer<typeof devInboxGuard>;

/** What a delivery attempt sent: the URL, the headers (custom and the server's) and the exact body, as JSON. */
export const hookRequestGuard = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
});
/** The payload of a `TriggerHook.{event}` log: one delivery attempt. */
export const hookLogPayloadGuard = z.looseObject({
  key: z.string(),
  result: z.enum(logResults),
  hookId: z.string(),
  event: z.string(),
  /** The delivery (outbox row), the `webhook-id` the receiver dedupes on; the same for every attempt. */
  deliveryId: z.string(),
  /** From 1; `maxAttempts` is 1 + the hook's retries when the delivery was made. */
  attempt: z.number(),
  maxAttempts: z.number(),
  /** When the next attempt is due, or null when this one is the last (success, refused, or no retries left). */
  nextAttemptAt: z.nullable(z.string()),
  hookRequest: hookRequestGuard,
  /** The answer; absent when there was none (network error, timeout, refused address). Body: the first 4 KB. */
  response: z.optional(z.object({ statusCode: z.number(), body: z.string() })),
  error: z.optional(z.string()),
  /** Milliseconds from sending to the answer or the error. */
  durationMs: z.optional(z.number()),
  /** A resend made by an admin (POST …/resend) rather than the dispatcher's own retry. */
  resend: z.optional(z.boolean()),
});
export type HookLogPayload = z.infer<typeof hookLogPayloadGuard>;
export const hookLogGuard = z.object({ id: z.string(), key: z.string(), payload: hookLogPayloadGuard, createdAt: z.string() });
export type HookLog = z.infer<typeof hookLogGuard>;

/** The hook error codes (the catalogue in error-codes.ts holds them with these statuses). */
export const hookErrorStatuses = {
  'hook.missing_events': 400,
  'hook.endpoint_not_allowed': 400,
  'hook.endpoint_responded_with_error': 422,
  'hook.send_test_payload_failed': 422,
} as const;
export type HookErrorCode = keyof typeof hookErrorStatuses;

/** `details` of 422 hook.endpoint_responded_with_error (Logto's `data`). */
export const hookTestErrorDetailsGuard = z.object({ responseStatus: z.number(), responseBody: z.string() });
export type HookTestErrorDetails = z.infer<typeof hookTestErrorDetailsGuard>;
