import type { ReactNode } from 'react';
import { List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Sku } from '#schemas/billing.ts';
import { isBilledPerUnit, type QuotaKey, type QuotaValue } from '#schemas/quota.ts';
import { billedBeyondQuota } from '#src/ui/quota-names.ts';

type Feature = { key: QuotaKey; included: boolean; label: ReactNode };

/** A count limit: null is unlimited. */
const count = (value: QuotaValue | undefined, limited: (n: number) => ReactNode, unlimited: ReactNode): Feature['label'] =>
  typeof value === 'number' ? limited(value) : unlimited;
/** A feature is out of the plan when its quota is false or 0. */
const includes = (value: QuotaValue | undefined) => value !== false && value !== 0;

/**
 * The feature list of a plan card (spec 01 §2 plan-selection modal): monthly active users, machine-to-machine apps,
 * roles and permissions, audit-log retention; then third-party apps, MFA, enterprise SSO and organizations, which the
 * free plan does not include. On a usage-based plan a key billed per unit is a paid add-on where it is not included,
 * and the card says that usage beyond what is included is billed, as the subscription tab does.
 */
export function PlanFeatures({ sku }: { sku: Sku }) {
  const { t } = useLingui();
  const { quota } = sku;
  const features: Feature[] = [
    {
      key: 'mauLimit',
      included: true,
      label: count(quota.mauLimit, (n) => <Plural value={n} one="# monthly active user" other="# monthly active users" />, <Trans>Unlimited monthly active users</Trans>),
    },
    {
      key: 'machineToMachineLimit',
      included: includes(quota.machineToMachineLimit),
      label: count(quota.machineToMachineLimit, (n) => <Plural value={n} one="# machine-to-machine app" other="# machine-to-machine apps" />, <Trans>Unlimited machine-to-machine apps</Trans>),
    },
    {
      key: 'userRolesLimit',
      included: includes(quota.userRolesLimit),
      label: count(quota.userRolesLimit, (n) => <Plural value={n} one="# user role" other="# user roles" />, <Trans>Unlimited user roles</Trans>),
    },
    {
      key: 'scopesPerRoleLimit',
      included: includes(quota.scopesPerRoleLimit),
      label: count(quota.scopesPerRoleLimit, (n) => <Plural value={n} one="# permission per role" other="# permissions per role" />, <Trans>Unlimited permissions per role</Trans>),
    },
    {
      key: 'auditLogsRetentionDays',
      included: includes(quota.auditLogsRetentionDays),
      label: count(quota.auditLogsRetentionDays, (n) => <Plural value={n} one="# day of audit logs" other="# days of audit logs" />, <Trans>Audit logs kept without limit</Trans>),
    },
    { key: 'thirdPartyApplicationsLimit', included: includes(quota.thirdPartyApplicationsLimit), label: <Trans>Third-party apps</Trans> },
    { key: 'mfaEnabled', included: includes(quota.mfaEnabled), label: <Trans>Multi-factor authentication</Trans> },
    { key: 'enterpriseSsoLimit', included: includes(quota.enterpriseSsoLimit), label: <Trans>Enterprise SSO</Trans> },
    { key: 'organizationsLimit', included: includes(quota.organizationsLimit), label: <Trans>Organizations</Trans> },
  ];
  const billed = features.some(({ key }) => isBilledPerUnit(sku.id, key));
  const list = (
    <List spacing={6} fz="sm" center>
      {features.map(({ key, included, label }) => (
        <List.Item
          key={key}
          c={included ? undefined : 'dimmed'}
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color={included ? 'green' : 'gray'} aria-hidden>
              {included ? <IconCheck size={12} /> : <IconMinus size={12} />}
            </ThemeIcon>
          }
        >
          {label}
          {!included && (isBilledPerUnit(sku.id, key) ? <> ({t`paid add-on`})</> : <VisuallyHidden> ({t`not included`})</VisuallyHidden>)}
        </List.Item>
      ))}
    </List>
  );
  if (!billed) return list;
  return (
    <Stack gap="xs">
      {list}
      <Text fz="xs" c="dimmed">
        {billedBeyondQuota()}
      </Text>
    </Stack>
  );
}
