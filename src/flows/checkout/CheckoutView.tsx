import { Group, Loader, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CheckoutSnapshot } from '#machines/checkout.machine.ts';

export type CheckoutViewProps = { state: CheckoutSnapshot };

/** One line on a running checkout start: while the session opens, as the browser leaves, or that it did not start. */
export function CheckoutView({ state }: CheckoutViewProps) {
  const { t } = useLingui();
  if (state.matches('failed')) {
    return (
      <Text role="alert" fz="sm">
        {t`The checkout did not start. Try again.`}
      </Text>
    );
  }
  const label = state.matches('redirecting') ? t`Opening the checkout page` : t`Starting checkout`;
  return (
    <Group gap="xs" role="status" aria-label={label}>
      <Loader size="xs" type="dots" />
      <Text fz="sm">{label}</Text>
    </Group>
  );
}
