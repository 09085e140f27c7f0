import type { IndexRouteEvent, IndexRouteSnapshot } from '#machines/index-route.machine.ts';
import { EmptyLanding } from '#src/pages/EmptyLanding.tsx';
import { AppError } from '#src/ui/AppError.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { InvitationList } from './InvitationList.tsx';

export type IndexRouteViewProps = {
  state: IndexRouteSnapshot;
  send: (event: IndexRouteEvent) => void;
};

/** What '/' shows: a loader until it knows where to go, the pending invitations, or the empty landing. */
export function IndexRouteView({ state, send }: IndexRouteViewProps) {
  const { invitations, error } = state.context;
  if (state.matches('error')) return <AppError message={error} onRetry={() => send({ type: 'RETRY' })} />;
  const creating = state.matches('restartingOnboarding');
  const createTenant = () => send({ type: 'CREATE_TENANT' });
  if (state.matches('invitations') || (creating && invitations.length)) {
    return (
      <InvitationList
        invitations={invitations}
        onJoin={(invitationId) => send({ type: 'JOIN', invitationId })}
        onCreateTenant={createTenant}
        creating={creating}
      />
    );
  }
  if (state.matches('landing') || creating) {
    return <EmptyLanding onCreateTenant={state.can({ type: 'CREATE_TENANT' }) || creating ? createTenant : undefined} creating={creating} />;
  }
  return <PageLoader />;
}
