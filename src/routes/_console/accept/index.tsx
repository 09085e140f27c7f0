import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';

/** /accept without an invitation: the root lists the pending invitations. */
export const Route = createFileRoute('/_console/accept/')({
  beforeLoad: (options) => {
    requireFeature('invitations')(options);
    throw redirect({ to: '/', replace: true });
  },
});
