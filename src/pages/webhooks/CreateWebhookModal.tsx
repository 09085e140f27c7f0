import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { hookNameMaxLength, hookUrlMaxLength } from '#schemas/webhook.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useCreateWebhook } from '#src/data/webhooks.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { DevInboxButton } from './DevInboxButton.tsx';
import { EventsField } from './EventsField.tsx';
import { useHookQuotaReached } from './useHookQuota.ts';
import { validateWebhook, webhookFieldCodes, webhookFieldMessages, type WebhookValues } from './webhook-form.ts';

/**
 * Creates a webhook (webhooks.md §2): name, endpoint and events; headers and retries come later on its settings (no
 * headers, 3 retries). In cloud, once the plan's webhooks are used, the upgrade notice replaces the submit button.
 * Where the server has a dev webhook inbox, one click fills the endpoint with it.
 */
export function CreateWebhookModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { planId } = useCurrentTenant();
  const navigate = useNavigate();
  const fieldErrors = formErrors({ messages: webhookFieldMessages(), codes: webhookFieldCodes() });
  const createWebhook = useCreateWebhook({ handles: [...fieldErrors.handles, ...quotaHandles] });
  const quota = useQuotaNotice();
  const reached = useHookQuotaReached();
  const form = useForm<WebhookValues>({ initialValues: { name: '', url: '', events: [] }, validate: validateWebhook });
  const exceeded = quota.exceeded ?? (reached ? (['hooksLimit'] as const) : undefined);

  const submit = form.onSubmit(async ({ name, url, events }) => {
    quota.clear();
    try {
      const hook = await createWebhook.mutateAsync({ name: name.trim(), events, config: { url: url.trim() } });
      const { name: created } = hook;
      notifications.show({ color: 'green', message: t`Webhook ${created} created` });
      await navigate({ to: '/$tenantId/webhooks/$id/settings', params: { tenantId, id: hook.id }, replace: true });
    } catch (error) {
      if (quota.catch(error)) return;
      fieldErrors.show(form, error);
    }
  });

  return (
    <Dialog opened onClose={onClose} title={t`Create webhook`} centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Name`} required maxLength={hookNameMaxLength} placeholder={t`CRM sync`} data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label={t`Endpoint URL`}
            description={t`Where the signed POST requests go.`}
            required
            type="url"
            dir="ltr"
            maxLength={hookUrlMaxLength}
            placeholder="https://example.com/webhooks"
            {...form.getInputProps('url')}
          />
          <DevInboxButton hookName={form.getValues().name} onUrl={(url) => form.setFieldValue('url', url)} />
          <EventsField value={form.getValues().events} onChange={(events) => form.setFieldValue('events', events)} error={form.errors.events as string | undefined} />
          {exceeded && <QuotaExceededNotice keys={[...exceeded]} planId={planId} hint={<Trans>Upgrade the plan to create more webhooks.</Trans>} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            {!exceeded && (
              <Button type="submit" loading={createWebhook.isPending}>
                <Trans>Create webhook</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
