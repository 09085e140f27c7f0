import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { Invoice, InvoiceStatus } from '#schemas/billing.ts';
import { billingQueries } from '#src/data/billing.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { formatPrice } from '#src/rules/price.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { RequireAccess } from '../RequireAccess.tsx';
import { isTabVisible } from '../tabs.ts';
import { TableScroll } from '#src/ui/table/TableScroll.tsx';

const statusNames = { open: msg`Open`, paid: msg`Paid`, void: msg`Void` } as const satisfies Record<InvoiceStatus, unknown>;
const statusColors = { open: 'orange', paid: 'green', void: 'gray' } as const satisfies Record<InvoiceStatus, string>;

/** Billing history (manage:tenant, production tenants): its heading, as every tab has, and the invoices, newest first. */
export function BillingHistoryTab() {
  const { i18n } = useLingui();
  const tenant = useCurrentTenant();
  const allowed = isTabVisible('billing-history', useTenantAccess(), tenant);
  const heading = i18n._(tabNames['billing-history']);
  usePageTitle(`${i18n._(pageNames.tenantSettings)} · ${heading}`);
  return (
    <RequireAccess allowed={allowed}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {heading}
        </Title>
        <Invoices tenantId={tenant.id} />
      </Stack>
    </RequireAccess>
  );
}

function Invoices({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const invoices = useQuery(billingQueries.invoices(api, tenantId));
  if (invoices.isPending) return <PageLoader label={t`Loading the billing history`} />;
  if (invoices.isError) {
    return <AppError title={t`The billing history did not load`} message={invoices.error.message} onRetry={() => void invoices.refetch()} />;
  }
  if (!invoices.data.length) {
    return (
      <Text c="dimmed">
        <Trans>No invoices yet.</Trans>
      </Text>
    );
  }
  return <InvoiceTable invoices={invoices.data} />;
}

function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  return (
    <TableScroll>
      <Table verticalSpacing="sm" aria-label={t`Invoices`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th>{t`Plan`}</Table.Th>
            <Table.Th>{t`Amount`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th>{t`Invoice`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => {
            const date = dayjs(invoice.createdAt).format('MMM D, YYYY');
            return (
              <Table.Tr key={invoice.id}>
                <Table.Td>{date}</Table.Td>
                <Table.Td>{invoice.planId ? planName(invoice.planId) : '—'}</Table.Td>
                <Table.Td>{formatPrice(invoice.amountDue)}</Table.Td>
                <Table.Td>
                  {/* The light variant's own text is below AA contrast: the text is the theme's bright colour. */}
                  <Badge variant="light" tt="none" color={statusColors[invoice.status]} c="bright">
                    {i18n._(statusNames[invoice.status])}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    href={invoice.hostedInvoiceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    fz="sm"
                    c="bright"
                    underline="always"
                    aria-label={t`View invoice of ${date}`}
                  >
                    {t`View invoice`}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
