import { Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DowngradeEvent, DowngradeSnapshot } from '#machines/downgrade.machine.ts';
import { planIds } from '#schemas/quota.ts';
import { Button } from '#src/ui/Button.tsx';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type DowngradeViewProps = {
  state: DowngradeSnapshot;
  send: (event: DowngradeEvent) => void;
  tenantName: string;
};

/** The downgrade button, its confirm dialog, and the quotas that keep the tenant from the free plan. */
export function DowngradeView({ state, send, tenantName }: DowngradeViewProps) {
  const { t } = useLingui();
  const freeName = usePlanName()(planIds.free);
  const busy = state.matches('downgrading') || state.matches('refetching');
  return (
    <Stack gap="sm" align="flex-start">
      <Button variant="default" color="red" loading={busy} onClick={() => send({ type: 'DOWNGRADE' })}>
        {t`Downgrade to ${freeName}`}
      </Button>
      {state.matches('quotaExceeded') && (
        <QuotaExceededNotice
          keys={state.context.exceededKeys}
          planId={planIds.free}
          hint={<Trans>Remove what goes beyond these limits, then downgrade again.</Trans>}
          onClose={() => send({ type: 'DISMISS' })}
        />
      )}
      <Dialog
        opened={state.matches('confirming')}
        onClose={() => send({ type: 'CANCEL' })}
        title={t`Downgrade to the ${freeName} plan?`}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {t`${tenantName} moves to the ${freeName} plan at once, with its limits. The current billing period is not refunded.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'CANCEL' })} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={() => send({ type: 'CONFIRM' })}>
              <Trans>Downgrade</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
