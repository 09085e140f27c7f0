import { Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { createScopeGuard, type Scope } from '#schemas/resource.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useCreateScope, useUpdateScope } from '#src/data/resources.ts';
import { Dialog } from '#src/ui/Dialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { schemaValidator, type FieldCodes } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';

export type PermissionModalProps = {
  resourceId: string;
  /** The permission to edit; none to create one. */
  scope?: Scope;
  onClose: () => void;
};

const scopeFieldMessages = () => ({
  name: translate`Enter a name of 1 to 256 ASCII letters, digits and punctuation marks (no spaces, " or \\), such as read:orders.`,
  description: translate`Enter a description of at most 256 characters.`,
});
const scopeFieldCodes = (): FieldCodes => ({
  'scope.name_exists': ['name', translate`A permission with this name already exists.`],
});

/** Creates a permission, or edits one's description (its name is what clients ask for, so it stays). */
export function PermissionModal({ resourceId, scope, onClose }: PermissionModalProps) {
  const { t } = useLingui();
  const { planId } = useCurrentTenant();
  const messages = scopeFieldMessages();
  const fieldErrors = formErrors({ messages, codes: scopeFieldCodes() });
  const createScope = useCreateScope(resourceId, { handles: [...fieldErrors.handles, ...quotaHandles] });
  const updateScope = useUpdateScope(resourceId, { handles: fieldErrors.handles });
  const quota = useQuotaNotice();
  const form = useForm({
    initialValues: { name: scope?.name ?? '', description: scope?.description ?? '' },
    validate: schemaValidator(createScopeGuard, messages),
  });

  const submit = form.onSubmit(async ({ name, description }) => {
    quota.clear();
    try {
      await (scope
        ? updateScope.mutateAsync({ scopeId: scope.id, patch: { description: description || null } })
        : createScope.mutateAsync({ name, description: description || null }));
      onClose();
    } catch (error) {
      if (quota.catch(error)) return;
      fieldErrors.show(form, error);
    }
  });

  return (
    <Dialog opened onClose={onClose} title={scope ? t`Edit permission` : t`Create permission`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {quota.exceeded && (
            <QuotaExceededNotice keys={quota.exceeded} planId={planId} hint={<Trans>Upgrade the plan to add more permissions to this API.</Trans>} />
          )}
          <TextInput
            label={t`Permission name`}
            required
            readOnly={Boolean(scope)}
            maxLength={256}
            placeholder="read:orders"
            data-autofocus={scope ? undefined : true}
            {...form.getInputProps('name')}
          />
          <Textarea label={t`Description`} maxLength={256} autosize minRows={2} data-autofocus={scope ? true : undefined} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={createScope.isPending || updateScope.isPending}>
              {scope ? <Trans>Save</Trans> : <Trans>Create permission</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
