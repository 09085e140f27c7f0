import { createFileRoute, redirect } from '@tanstack/react-router';
import { indexTarget } from '../../app/index-target.ts';
import { EmptyLanding } from '../../pages/EmptyLanding.tsx';

export const Route = createFileRoute('/_console/')({
  beforeLoad: async ({ context }) => {
    const { preferences } = await context.preferences.load();
    const target = indexTarget(context.config.edition, context.tenants, preferences);
    if (target.kind === 'tenant') throw redirect({ to: '/$tenantId', params: { tenantId: target.tenantId }, replace: true });
    if (target.kind === 'onboarding') throw redirect({ to: '/onboarding', replace: true });
  },
  component: EmptyLanding,
});
