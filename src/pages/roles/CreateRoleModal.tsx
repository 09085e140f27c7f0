import { useState } from 'react';
import { Group, Input, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatQuantity } from '#src/rules/number-format.ts';
import { createRoleGuard, roleDescriptionMaxLength, roleNameMaxLength, roleTypes, type Role, type RoleType } from '#schemas/role.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useCreateRole } from '#src/data/roles.ts';
import { Button } from '#src/ui/Button.tsx';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { AssignApplicationsModal } from './AssignApplicationsModal.tsx';
import { PermissionsPicker } from '#src/ui/pickers/PermissionsPicker.tsx';
import { roleFieldCodes, roleFieldMessages } from './role-form.ts';
import { roleTypeNames } from './role-types.ts';
import { useRoleQuota } from './useRoleQuota.ts';
import { Dialog } from '#src/ui/Dialog.tsx';

type CreateRoleValues = { name: string; description: string; type: RoleType; scopeIds: string[] };

/**
 * Creates a role (roles.md §3): name, type (fixed afterwards), description and its first permissions, within the plan's
 * roles of that type and permissions per role. A machine-to-machine role is then offered to apps; then its page opens.
 */
export function CreateRoleModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { planId } = useCurrentTenant();
  const planName = usePlanName()(planId);
  const navigate = useNavigate();
  const messages = roleFieldMessages();
  const fieldErrors = formErrors({ messages, codes: roleFieldCodes() });
  const createRole = useCreateRole({ handles: [...fieldErrors.handles, ...quotaHandles] });
  const quota = useQuotaNotice();
  const roleQuota = useRoleQuota();
  const [created, setCreated] = useState<Role>();
  const form = useForm<CreateRoleValues>({
    initialValues: { name: '', description: '', type: 'User', scopeIds: [] },
    validate: ({ name, description, type }) => schemaValidator(createRoleGuard, messages)({ name, description, type }),
  });
  const values = form.getValues();
  const beyond = roleQuota?.exceededBy({ type: values.type, scopeCount: values.scopeIds.length, creating: true }) ?? [];
  const exceeded = quota.exceeded ?? (beyond.length ? beyond : undefined);

  const openRole = (role: Role) =>
    void navigate({ to: '/$tenantId/roles/$id/permissions', params: { tenantId, id: role.id }, search: {}, replace: true });

  const submit = form.onSubmit(async ({ scopeIds, ...role }) => {
    quota.clear();
    try {
      const saved = await createRole.mutateAsync({ ...role, ...(scopeIds.length ? { scopeIds } : {}) });
      if (saved.type === 'MachineToMachine') setCreated(saved);
      else openRole(saved);
    } catch (error) {
      if (quota.catch(error)) return;
      fieldErrors.show(form, error);
    }
  });

  if (created) return <AssignApplicationsModal tenantId={tenantId} role={created} dismissLabel={t`Skip for now`} onClose={() => openRole(created)} />;

  /** "1 of 1 used on the Free plan" under a type whose roles the plan caps. */
  const usageOf = (type: RoleType) => {
    const figures = roleQuota?.rolesOf(type);
    if (!figures || typeof figures.limit !== 'number') return undefined;
    const used = formatQuantity(figures.used, i18n.locale);
    const limit = formatQuantity(figures.limit, i18n.locale);
    return t`${used} of ${limit} used on the ${planName} plan`;
  };

  return (
    <Dialog opened onClose={onClose} title={t`Create role`} centered size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Role name`} required maxLength={roleNameMaxLength} data-autofocus {...form.getInputProps('name')} />
          <Radio.Group label={t`Role type`} description={t`The type cannot be changed later.`} required {...form.getInputProps('type')}>
            <Group gap="xl" mt="xs" align="flex-start">
              {roleTypes.map((type) => (
                <Radio key={type} value={type} label={i18n._(roleTypeNames[type].long)} description={usageOf(type)} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t`Description`}
            required
            maxLength={roleDescriptionMaxLength}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Input.Wrapper
            label={t`Assign permissions`}
            description={
              values.type === 'User'
                ? t`Optional. The management API's permissions are only for machine-to-machine roles, so they are not offered here.`
                : t`Optional. You can also assign permissions later.`
            }
            error={form.errors.scopeIds}
          >
            <Stack mt="xs">
              <PermissionsPicker tenantId={tenantId} roleType={values.type} value={values.scopeIds} onChange={(ids) => form.setFieldValue('scopeIds', ids)} />
            </Stack>
          </Input.Wrapper>
          {exceeded && <QuotaExceededNotice keys={exceeded} planId={planId} hint={<Trans>Upgrade the plan for more roles and more permissions per role.</Trans>} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            {!beyond.length && (
              <Button type="submit" loading={createRole.isPending}>
                <Trans>Create role</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
