import * as z from 'zod/mini';

export const editions = ['cloud', 'self-hosted'] as const;
export type Edition = (typeof editions)[number];

/**
 * Runtime config the server embeds in the console's index.html as
 * `<script id="gatehouse-config" type="application/json">`, so one build serves both editions.
 */
export const runtimeConfigGuard = z.object({
  edition: z.enum(editions),
  /** Origin of the server, e.g. http://localhost:3001. The issuer is `${endpoint}/oidc`. */
  endpoint: z.string(),
  appId: z.string(),
  /** Product version shown in the self-hosted badge. */
  version: z.string(),
  /** URL of the external release-info JSON (`{ latestRelease: 'v1.25.0' }`). */
  releaseInfoUrl: z.string(),
  isDevMode: z.boolean(),
  /**
   * The server serves the dev webhook inbox (no SMTP_URL: local and test setups, never where mail really goes): the
   * webhook form offers its URL, which the management API's GET /hooks/dev-inbox gives a signed-in admin.
   */
  devWebhookInbox: z.optional(z.boolean()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigGuard>;
export const runtimeConfigElementId = 'gatehouse-config';
