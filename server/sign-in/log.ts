import type { Interaction } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { lastInteractionEvent, recordLog } from '../tenant/logs/record.ts';
import { clientAddress } from '../net/client-address.ts';
import type { Ctx, InteractionLog, InteractionStep } from '../pages/sign-in-site.ts';

/**
 * The audit log of a tenant's sign-in pages (audit-logs.md §7): each step of an interaction is a log of the tenant with
 * the interaction as its session, the app that started it, and the client's address and user agent. A log that cannot
 * be written fails no sign-in.
 */
export const interactionLog = (db: Db, tenantId: string, trustProxy: boolean): InteractionLog => {
  const step = (c: Ctx, interaction: Interaction, entry: InteractionStep) =>
    recordLog(db, tenantId, {
      sessionId: interaction.uid,
      applicationId: String(interaction.params.client_id),
      ip: clientAddress(c.env.incoming, c.req.raw.headers, trustProxy),
      userAgent: c.req.header('user-agent'),
      ...entry,
    });
  return {
    step,
    event: async (c, interaction, event) => {
      const last = await lastInteractionEvent(db, tenantId, interaction.uid).catch(() => undefined);
      if (last !== event) await step(c, interaction, { key: `Interaction.${event}.${last ? 'Update' : 'Create'}` });
    },
  };
};
