import { useState, type FormEvent } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { useServices } from '#src/app/services.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type DeleteTenantModalProps = { tenant: Pick<Tenant, 'id' | 'name'>; opened: boolean; onClose: () => void };

/** Deleting a tenant: the user types the tenant's name to confirm; then it leaves the session's list and the console goes to the root. */
export function DeleteTenantModal({ tenant, opened, onClose }: DeleteTenantModalProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { setTenants } = useServices();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const confirmed = typed === tenant.name;

  const close = () => {
    setTyped('');
    onClose();
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setDeleting(true);
    try {
      await api.tenants.deleteTenant(tenant.id);
      setTenants(router.options.context.tenants.filter(({ id }) => id !== tenant.id));
      notifications.show({ color: 'green', message: t`Tenant ${tenant.name} deleted` });
      close();
      await router.navigate({ to: '/', replace: true });
    } catch {
      // The request client has shown the server's message; the dialog stays open.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title={t`Delete tenant`} centered>
      <form onSubmit={remove} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            <Trans>
              This deletes the tenant <strong>{tenant.name}</strong> and all its data. Type the tenant's name to confirm.
            </Trans>
          </Text>
          <TextInput
            label={t`Tenant name`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={deleting}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
