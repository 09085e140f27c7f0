import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { useFeature } from '#src/edition.ts';

/** users.md §2: a cloud development tenant's users may be purged; production tenants and self-hosted show nothing. */
export function DevTenantNotice() {
  return useFeature('tenantNotices') ? <CloudDevTenantNotice /> : null;
}

function CloudDevTenantNotice() {
  const { t } = useLingui();
  const { tag } = useCurrentTenant();
  if (tag !== 'development') return null;
  return (
    <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Development tenant`}>
      <Trans>This tenant is for building and testing: its users and their data may be purged. Keep your live users in a production tenant.</Trans>
    </Alert>
  );
}
