import { createFileRoute, useLocation } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';
import { CheckoutSuccessFlow } from '#src/flows/checkout-success/CheckoutSuccessFlow.tsx';

/** Where the hosted checkout returns, with the state the checkout start put into the URL. */
export const Route = createFileRoute('/_console/checkout-success-callback')({
  beforeLoad: requireFeature('checkout'),
  component: function CheckoutSuccessPage() {
    // The raw query string: the router's search parsing reads JSON, which would turn a state like '123456' into a number.
    const state = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('state') });
    return <CheckoutSuccessFlow queryState={state} />;
  },
});
