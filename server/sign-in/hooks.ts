import type { Interaction } from 'oidc-provider';
import type { InteractionEvent } from '#schemas/log.ts';
import type { Db } from '../db/client.ts';
import { clientAddress } from '../net/client-address.ts';
import type { Ctx, InteractionHooks } from '../pages/sign-in-site.ts';
import { enqueueHookEvent } from '../tenant/hooks/outbox.ts';
import { interactionHookEvent, interactionPayload } from '../tenant/hooks/payloads.ts';
import { lastInteractionEvent, registeredInSession } from '../tenant/logs/record.ts';

const interactionEventOf = { PostRegister: 'Register', PostSignIn: 'SignIn', PostResetPassword: 'ForgotPassword' } as const;

/**
 * The sign-in flow's webhook events of a tenant's pages (tenant-runtime.md §5): at the submit, one event chosen from the
 * interaction's event and whether this interaction created the user, whatever the method (password, code, social), and
 * written to the outbox in its own transaction.
 */
export const interactionHooks = (db: Db, tenantId: string, trustProxy: boolean): InteractionHooks => ({
  submitted: async (c: Ctx, interaction: Interaction, accountId: string, given?: InteractionEvent) => {
    const sessionId = interaction.uid;
    const [created, last] = await Promise.all([registeredInSession(db, tenantId, sessionId, accountId), given ?? lastInteractionEvent(db, tenantId, sessionId)]);
    const event = interactionHookEvent(last ?? 'SignIn', created);
    const context = {
      sessionId,
      userAgent: c.req.header('user-agent'),
      userIp: clientAddress(c.env.incoming, c.req.raw.headers, trustProxy),
      applicationId: String(interaction.params.client_id),
    };
    await db.transaction(async (tx) => {
      await enqueueHookEvent(tx, tenantId, event, await interactionPayload(tx, tenantId, interactionEventOf[event], accountId, context));
    });
  },
});
