import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../pages/Placeholder.tsx';
import { requireFeature } from '../../app/guards.ts';

export const Route = createFileRoute('/_console/checkout-success-callback')({
  beforeLoad: requireFeature('checkout'),
  component: () => <Placeholder page="checkoutSuccess" />,
});
