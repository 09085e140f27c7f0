import { Badge } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { tenantStatusTag, type TenantStatusTag } from '#src/rules/tenant-status.ts';

const statusNames = {
  suspended: msg`Suspended`,
  overdue: msg`Overdue`,
  mauExceeded: msg`MAU exceeded`,
  tokenExceeded: msg`Token limit exceeded`,
} as const satisfies Record<TenantStatusTag, unknown>;

/** The one status tag of a tenant, by the spec's priority; nothing for a tenant in good standing. */
export function TenantStatusBadge({ tenant }: { tenant: Tenant }) {
  const { i18n } = useLingui();
  const status = tenantStatusTag(tenant);
  if (!status) return null;
  return (
    // Filled dark red keeps white text above 4.5:1 in both themes.
    <Badge size="xs" variant="filled" color="red.9" tt="none">
      {i18n._(statusNames[status])}
    </Badge>
  );
}
