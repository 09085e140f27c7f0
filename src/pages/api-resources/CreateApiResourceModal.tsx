import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { createResourceGuard, type CreateResource } from '#schemas/resource.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useCreateResource } from '#src/data/resources.ts';
import { Dialog } from '#src/ui/Dialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { resourceFieldCodes, resourceFieldMessages } from './resource-form.ts';
import type { ApiGuideId } from './guide-ids.ts';

export type CreateApiResourceModalProps = {
  /** Closing returns to the list as it was. */
  onClose: () => void;
  /** Entered from a guide card: the new API opens on that guide. */
  guide?: ApiGuideId;
};

/** Creates an API resource: its name and identifier (which cannot change later); then its permissions tab opens. */
export function CreateApiResourceModal({ onClose, guide }: CreateApiResourceModalProps) {
  const { t } = useLingui();
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { planId } = useCurrentTenant();
  const navigate = useNavigate();
  const messages = resourceFieldMessages();
  const fieldErrors = formErrors({ messages, codes: resourceFieldCodes() });
  const createResource = useCreateResource({ handles: [...fieldErrors.handles, ...quotaHandles] });
  const quota = useQuotaNotice();
  const form = useForm<CreateResource>({ initialValues: { name: '', indicator: '' }, validate: schemaValidator(createResourceGuard, messages) });

  const submit = form.onSubmit(async (values) => {
    quota.clear();
    try {
      const resource = await createResource.mutateAsync(values);
      await (guide
        ? navigate({ to: '/$tenantId/api-resources/$id/guide/$guideId', params: { tenantId, id: resource.id, guideId: guide }, replace: true })
        : navigate({ to: '/$tenantId/api-resources/$id/permissions', params: { tenantId, id: resource.id } }));
    } catch (error) {
      if (quota.catch(error)) return;
      fieldErrors.show(form, error);
    }
  });

  return (
    <Dialog opened onClose={onClose} title={t`Create API resource`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {quota.exceeded && (
            <QuotaExceededNotice keys={quota.exceeded} planId={planId} hint={<Trans>Upgrade the plan to create more API resources.</Trans>} />
          )}
          <TextInput label={t`API name`} required maxLength={256} placeholder={t`My API`} data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label={t`API identifier`}
            description={t`A unique absolute URI that names your API; it becomes the audience of its access tokens and cannot be changed later.`}
            required
            maxLength={256}
            placeholder="https://your-api-identifier/"
            {...form.getInputProps('indicator')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={createResource.isPending}>
              <Trans>Create API resource</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
