import type { Interaction } from 'oidc-provider';
import type { InteractionEvent } from '#schemas/log.ts';
import type { Db } from '../db/client.ts';
import { clientAddress } from '../net/client-address.ts';
import type { Ctx, InteractionHooks } from '../pages/sign-in-site.ts';
import { enqueueHookEvent } from '../tenant/hooks/outbox.ts';
import { interactionHookEvent, interactionPayload } from '../tenant/hooks/payloads.ts';

/**
 * The sign-in flow's webhook events of a tenant's pages (tenant-runtime.md §5): at the submit, one event, chosen from
 * the flow's result (whether this sign-in made the account, whatever the method: password, code, social) or a password
 * reset, and written to the outbox in its own transaction.
 */
export const interactionHooks = (db: Db, tenantId: string, trustProxy: boolean): InteractionHooks => ({
  submitted: async (c: Ctx, interaction: Interaction, accountId: string, interactionEvent: InteractionEvent) => {
    const sessionId = interaction.uid;
    const event = interactionHookEvent(interactionEvent);
    const context = {
      sessionId,
      userAgent: c.req.header('user-agent'),
      userIp: clientAddress(c.env.incoming, c.req.raw.headers, trustProxy),
      applicationId: String(interaction.params.client_id),
    };
    await db.transaction(async (tx) => {
      await enqueueHookEvent(tx, tenantId, event, await interactionPayload(tx, tenantId, interactionEvent, accountId, context));
    });
  },
});
