import { useLingui } from '@lingui/react/macro';
import type { CheckoutSuccessSnapshot } from '#machines/checkout-success.machine.ts';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';

export type CheckoutSuccessViewProps = { state: CheckoutSuccessSnapshot };

/** The checkout-success callback shows a loader (spec 01 §2) that says what it waits for; every end navigates away. */
export function CheckoutSuccessView({ state }: CheckoutSuccessViewProps) {
  const { t } = useLingui();
  usePageTitle(t`Checking your purchase`);
  const label = state.matches('polling')
    ? t`Checking your purchase`
    : state.matches('completing') || state.matches('completed')
      ? t`Purchase complete, opening your tenant`
      : t`Redirecting`;
  return <PageLoader label={label} />;
}
