import { useState } from 'react';
import { Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { tenantNameMaxLength, updateTenantGuard, type UpdateTenant } from '#schemas/tenant.ts';
import { useServices } from '#src/app/services.ts';
import { regionNames } from '#src/flows/create-tenant/RegionRadioGroup.tsx';
import { Button } from '#src/ui/Button.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { schemaValidator, serverFieldErrors } from '#src/ui/form/form-errors.ts';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { TenantTagBadge } from '#src/ui/TenantTagBadge.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { DeleteTenantModal } from './DeleteTenantModal.tsx';

/** The settings tab: the tenant's name (editable), tag and region (read-only), and deleting the tenant. */
export function SettingsTab() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { setTenants } = useServices();
  const tenant = useCurrentTenant();
  const [deleteOpened, deleteModal] = useDisclosure(false);
  usePageTitle(`${i18n._(pageNames.tenantSettings)} · ${i18n._(tabNames.settings)}`);
  const messages = { name: t`Enter a tenant name of 1 to ${tenantNameMaxLength} characters.` };
  const form = useForm<UpdateTenant>({ initialValues: { name: tenant.name }, validate: schemaValidator(updateTenantGuard, messages) });
  const [saving, setSaving] = useState(false);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const updated = await api.tenants.updateTenant(tenant.id, values);
      setTenants(router.options.context.tenants.map((item) => (item.id === updated.id ? updated : item)));
      markSaved(form, { name: updated.name });
      notifications.show({ color: 'green', message: t`Tenant settings saved` });
    } catch (error) {
      // The request client has shown the server's message; what was typed stays.
      const fieldErrors = serverFieldErrors(error, messages);
      if (fieldErrors) form.setErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Stack gap="xl" maw={640}>
      <DetailsForm dirty={form.isDirty()} saving={saving} onSubmit={save} onDiscard={form.reset}>
        <Title order={2} fz="h3">
            <Trans>Tenant information</Trans>
          </Title>
          <TextInput label={t`Tenant name`} required maxLength={tenantNameMaxLength} {...form.getInputProps('name')} />
          <Group gap="xl">
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="tenant-tag-label">
                <Trans>Environment</Trans>
              </Text>
              <div aria-labelledby="tenant-tag-label" role="group">
                <TenantTagBadge tag={tenant.tag} />
              </div>
            </Stack>
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="tenant-region-label">
                <Trans>Region</Trans>
              </Text>
              <Text fz="sm" aria-labelledby="tenant-region-label">
                {`${i18n._(regionNames[tenant.regionName])} (${tenant.regionName})`}
              </Text>
            </Stack>
          </Group>
      </DetailsForm>
      <Divider />
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          <Trans>Delete tenant</Trans>
        </Title>
        <Text c="dimmed" fz="sm">
          <Trans>Deleting the tenant removes all its data, its members and its invitations. It cannot be undone.</Trans>
        </Text>
        <Button color="red" variant="outline" onClick={deleteModal.open}>
          <Trans>Delete tenant</Trans>
        </Button>
      </Stack>
      <DeleteTenantModal tenant={tenant} opened={deleteOpened} onClose={deleteModal.close} />
    </Stack>
  );
}
