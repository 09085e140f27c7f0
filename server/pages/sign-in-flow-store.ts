import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oidcModels } from '../db/schema.ts';

/**
 * Where an interaction's sign-in flow (machines/sign-in.machine.ts) is kept: its snapshot in the issuer's `Interaction`
 * row (oidc_models.sign_in_flow), so any process takes the next step and it goes when the interaction does. The
 * adapter's upsert leaves the column alone (server/oidc/adapter.ts).
 */
export type SignInFlowStore = {
  read: (uid: string) => Promise<Record<string, unknown> | undefined>;
  /** Nothing is written when the interaction is gone. */
  write: (uid: string, snapshot: Record<string, unknown>) => Promise<void>;
};

/** The flows of one issuer's interactions: a tenant's, or the console's (adminTenantId). */
export const signInFlowStore = (db: Db, issuerTenantId: string): SignInFlowStore => {
  const interaction = (uid: string) => and(eq(oidcModels.tenantId, issuerTenantId), eq(oidcModels.model, 'Interaction'), eq(oidcModels.id, uid));
  return {
    read: async (uid) => {
      const [row] = await db.select({ flow: oidcModels.signInFlow }).from(oidcModels).where(interaction(uid));
      return row?.flow ?? undefined;
    },
    write: async (uid, snapshot) => {
      await db.update(oidcModels).set({ signInFlow: snapshot }).where(interaction(uid));
    },
  };
};
