import { createFileRoute, redirect } from '@tanstack/react-router';

/** Pages of a tenant the user is not a member of lead back to the root (spec 01 §4, scope checks). */
export const Route = createFileRoute('/_console/$tenantId')({
  beforeLoad: ({ context, params }) => {
    if (!context.tenants.some(({ id }) => id === params.tenantId)) throw redirect({ to: '/', replace: true });
  },
});
