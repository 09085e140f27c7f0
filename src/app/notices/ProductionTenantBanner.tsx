import { useState } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { useServices } from '../services.ts';
import { CreateTenantModal } from '#src/flows/create-tenant/CreateTenantModal.tsx';
import { Button } from '#src/ui/Button.tsx';
import classes from './ProductionTenantBanner.module.css';

/**
 * Shown while the user has no production tenant (spec 01 §4): it opens the create-tenant modal with Production
 * selected, and a tenant created through it comes first in the list (the modal then opens it). On a phone it shrinks to
 * one line with its action, as it shows on every page.
 */
export function ProductionTenantBanner() {
  const { t } = useLingui();
  const router = useRouter();
  const { setTenants } = useServices();
  const [creating, setCreating] = useState(false);
  const prepend = (tenant: Tenant) => setTenants([tenant, ...router.options.context.tenants.filter(({ id }) => id !== tenant.id)]);
  return (
    <>
      <Alert
        color="violet"
        variant="light"
        icon={<IconRocket size={18} aria-hidden="true" />}
        title={t`Ready for live users?`}
        role="region"
        classNames={{ root: classes.root, wrapper: classes.wrapper, title: classes.title }}
      >
        <Group justify="space-between" gap="sm">
          <Text fz="sm" className={classes.description}>
            <Trans>Development tenants are for building and testing. Create a production tenant for your live users.</Trans>
          </Text>
          <Button size="xs" onClick={() => setCreating(true)}>
            <Trans>Create production tenant</Trans>
          </Button>
        </Group>
      </Alert>
      <CreateTenantModal opened={creating} tag="production" onClose={() => setCreating(false)} onCreated={prepend} />
    </>
  );
}
