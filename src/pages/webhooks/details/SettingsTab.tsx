import { NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { hookNameMaxLength, hookUrlMaxLength, maxHookRetries, type Hook, type PatchHook } from '#schemas/webhook.ts';
import { useDetail } from '#src/data/detail.ts';
import { useUpdateWebhook, webhookQueries } from '#src/data/webhooks.ts';
import { useWebhookTest } from '#src/flows/webhook-test/useWebhookTest.ts';
import { WebhookTestView } from '#src/flows/webhook-test/WebhookTestView.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { EventsField } from '../EventsField.tsx';
import { eventsOf } from '../webhook-stats.ts';
import { headersOf, rowsOf, validateWebhook, webhookFieldCodes, webhookFieldMessages, type WebhookSettingsValues } from '../webhook-form.ts';
import { HeadersField } from './HeadersField.tsx';
import { SigningKeyField } from './SigningKeyField.tsx';

const valuesOf = (hook: Hook): WebhookSettingsValues => ({
  name: hook.name,
  url: hook.config.url,
  events: eventsOf(hook) as WebhookSettingsValues['events'],
  headers: rowsOf(hook.config.headers),
  retries: hook.config.retries,
});

const patchOf = ({ name, url, events, headers, retries }: WebhookSettingsValues): PatchHook => ({
  name: name.trim(),
  events,
  config: { url: url.trim(), headers: headersOf(headers), retries },
});

function TestSection({ hook, form }: { hook: Hook; form: UseFormReturnType<WebhookSettingsValues> }) {
  const [state, send] = useWebhookTest(hook.id);
  const valid = Object.keys(validateWebhook(form.getValues())).length === 0;
  const request = () => {
    if (form.validate().hasErrors) return undefined;
    const { config, events = [] } = patchOf(form.getValues());
    return { url: config?.url ?? '', headers: config?.headers ?? {}, events };
  };
  return <WebhookTestView state={state} send={send} request={request} disabled={!valid} />;
}

/**
 * A webhook's settings (webhooks.md §3): one form for name, endpoint, events, custom headers and retries, with the
 * signing key beside it and a test send of the form's unsaved values.
 */
export function SettingsTab() {
  const { t } = useLingui();
  const { entity: hook } = useDetail(webhookQueries.detail);
  const fieldErrors = formErrors({ messages: webhookFieldMessages(), codes: webhookFieldCodes() });
  const update = useUpdateWebhook(hook.id, { handles: fieldErrors.handles });
  const form = useForm<WebhookSettingsValues>({ initialValues: valuesOf(hook), validate: validateWebhook });

  const submit = form.onSubmit(async (values) => {
    try {
      markSaved(form, valuesOf(await update.mutateAsync(patchOf(values))));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={update.isPending} onSubmit={submit} onDiscard={form.reset}>
      <FormSection title={t`Endpoint`}>
        <TextInput label={t`Name`} required maxLength={hookNameMaxLength} {...form.getInputProps('name')} />
        <TextInput label={t`Endpoint URL`} required type="url" dir="ltr" maxLength={hookUrlMaxLength} {...form.getInputProps('url')} />
        <EventsField value={form.getValues().events} onChange={(events) => form.setFieldValue('events', events)} error={form.errors.events as string | undefined} />
      </FormSection>
      <FormSection title={t`Delivery`}>
        <SigningKeyField hook={hook} />
        <HeadersField form={form} />
        <NumberInput
          label={t`Retries`}
          description={t`How many more times a failed request is sent: after 10 seconds, 1 minute and 10 minutes.`}
          min={0}
          max={maxHookRetries}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          w={160}
          {...form.getInputProps('retries')}
        />
      </FormSection>
      <FormSection title={t`Test`}>
        <Stack gap="sm">
          <TestSection hook={hook} form={form} />
        </Stack>
      </FormSection>
    </DetailsForm>
  );
}
