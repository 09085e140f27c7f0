import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconArrowLeft, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Hook } from '#schemas/webhook.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { useDeleteWebhook, useUpdateWebhook, webhookQueries } from '#src/data/webhooks.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailLayout } from '#src/ui/detail/DetailLayout.tsx';
import direction from '#src/ui/direction.module.css';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { HealthTag } from '../HealthTag.tsx';
import { WebhookIcon } from '../WebhookIcon.tsx';
import { webhookTabs } from './tabs.ts';

/** A webhook's details: the header with disable, reactivate and delete, the tabs, and the current tab (webhooks.md §3). */
export function WebhookLayout() {
  const { t } = useLingui();
  return (
    <DetailLayout detail={webhookQueries.detail} tabs={webhookTabs} tabsLabel={t`Webhook tabs`}>
      {(hook) => <WebhookHeader hook={hook} />}
    </DetailLayout>
  );
}

function WebhookHeader({ hook }: { hook: Hook }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const deleteWebhook = useDeleteWebhook();
  const updateWebhook = useUpdateWebhook(hook.id);
  const confirmation = useConfirmDialog();
  const name = hook.name || t`Unnamed`;
  usePageTitle(name);

  const remove = async () => {
    try {
      await deleteWebhook.mutateAsync(hook.id);
    } catch {
      // The kit has toasted the failure.
      return;
    }
    notifications.show({ color: 'green', message: t`${name} deleted` });
    // The settings form does not ask about unsaved changes of a webhook that is gone.
    await navigate({ to: '/$tenantId/webhooks', params: { tenantId }, replace: true, ignoreBlocker: true });
  };

  const setEnabled = (enabled: boolean) =>
    void updateWebhook.mutateAsync({ enabled }).then(
      () => notifications.show({ color: 'green', message: enabled ? t`Webhook reactivated` : t`Webhook disabled` }),
      () => {},
    );

  const disable = () =>
    confirmation.ask(
      {
        title: t`Disable webhook`,
        confirmLabel: t`Disable`,
        children: <Text fz="sm">{t`${name} sends no more requests until it is reactivated.`}</Text>,
      },
      () => setEnabled(false),
    );

  const requests = hook.executionStats?.requestCount ?? 0;
  return (
    <>
      {confirmation.dialog}
      <LinkAnchor to="/$tenantId/webhooks" params={{ tenantId }} fz="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} style={{ verticalAlign: 'middle' }} /> <Trans>Back to webhooks</Trans>
      </LinkAnchor>
      <DetailHeader
        icon={<WebhookIcon size="xl" />}
        title={name}
        subtitle={hook.enabled ? plural(requests, { one: '# request in the last 24 hours', other: '# requests in the last 24 hours' }) : undefined}
        idLabel={t`Webhook ID`}
        id={hook.id}
        tags={<HealthTag hook={hook} />}
        menuItems={[
          hook.enabled
            ? { label: t`Disable`, icon: <IconPlayerPause size={16} aria-hidden="true" />, onClick: disable }
            : { label: t`Reactivate`, icon: <IconPlayerPlay size={16} aria-hidden="true" />, onClick: () => setEnabled(true) },
        ]}
        remove={{
          title: t`Delete webhook`,
          message: t`This cannot be undone. ${name} stops at once, and its deliveries not yet sent are dropped.`,
          onConfirmed: () => void remove(),
        }}
      />
    </>
  );
}
