import { fromPromise } from 'xstate';
import { indexRouteMachine } from '#machines/index-route.machine.ts';
import type { Invitation } from '#schemas/invitation.ts';
import type { AdminPreferences } from '#schemas/preferences.ts';

export type IndexRouteDependencies = {
  loadPreferences: () => Promise<AdminPreferences>;
  /** The user's invitations, every status. */
  fetchPendingInvitations: () => Promise<Invitation[]>;
  restartOnboarding: () => Promise<void>;
  navigateToOnboarding: () => void;
  navigateToTenant: (tenantId: string) => void;
  navigateToInvitation: (invitationId: string) => void;
};

/** The index-route machine with its real effects: preferences, the invitations API and the router. */
export function provideIndexRouteMachine(deps: IndexRouteDependencies) {
  return indexRouteMachine.provide({
    actors: {
      loadPreferences: fromPromise(() => deps.loadPreferences()),
      fetchPendingInvitations: fromPromise(async () =>
        (await deps.fetchPendingInvitations()).filter(({ status }) => status === 'Pending'),
      ),
      restartOnboarding: fromPromise(() => deps.restartOnboarding()),
    },
    actions: {
      navigateToOnboarding: () => deps.navigateToOnboarding(),
      navigateToTenant: (_, tenantId) => deps.navigateToTenant(tenantId),
      navigateToInvitation: (_, invitationId) => deps.navigateToInvitation(invitationId),
    },
  });
}
