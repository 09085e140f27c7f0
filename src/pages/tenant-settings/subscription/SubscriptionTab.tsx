import { useState } from 'react';
import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import { useQueries } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { SubscriptionResponse, SubscriptionUsage } from '#schemas/billing.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { billingQueries } from '#src/data/billing.ts';
import { DowngradeFlow } from '#src/flows/downgrade/DowngradeFlow.tsx';
import { PlanSelectionModal } from '#src/flows/plan-selection/PlanSelectionFlow.tsx';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { planTagOf } from '#src/rules/plan-tag.ts';
import { formatPrice } from '#src/rules/price.ts';
import { usageCardsOf } from '#src/rules/usage-cards.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { Button } from '#src/ui/Button.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { PlanTagBadge, usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { RequireAccess } from '../RequireAccess.tsx';
import { isTabVisible } from '../tabs.ts';
import { useOpenCustomerPortal } from '#src/ui/useOpenCustomerPortal.ts';
import { UsageCards } from './UsageCards.tsx';

/** The plan cycle's dates (spec 01 §9). */
const cycleDate = (value: string) => dayjs(value).format('MMM D, YYYY');

/** The subscription tab (manage:tenant, production tenants): plan, cycle, next bill, plan changes, payment and usage. */
export function SubscriptionTab() {
  const { i18n } = useLingui();
  const tenant = useCurrentTenant();
  const allowed = isTabVisible('subscription', useTenantAccess(), tenant);
  usePageTitle(`${i18n._(pageNames.tenantSettings)} · ${i18n._(tabNames.subscription)}`);
  return (
    <RequireAccess allowed={allowed}>
      <SubscriptionContent tenant={tenant} />
    </RequireAccess>
  );
}

function SubscriptionContent({ tenant }: { tenant: Tenant }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const queries = useQueries({ queries: [billingQueries.subscription(api, tenant.id), billingQueries.usage(api, tenant.id)] });
  const [subscription, usage] = queries;
  if (subscription.isSuccess && usage.isSuccess) return <SubscriptionDetails tenant={tenant} subscription={subscription.data} usage={usage.data} />;
  const failure = subscription.error ?? usage.error;
  if (!failure) return <PageLoader label={t`Loading the subscription`} />;
  const retry = () => queries.forEach((query) => void query.refetch());
  return <AppError title={t`The subscription did not load`} message={failure.message} onRetry={retry} />;
}

type SubscriptionDetailsProps = { tenant: Tenant; subscription: SubscriptionResponse; usage: SubscriptionUsage };

function SubscriptionDetails({ tenant, subscription, usage }: SubscriptionDetailsProps) {
  const { t } = useLingui();
  const planName = usePlanName()(subscription.planId);
  const tag = planTagOf(subscription.planId);
  const openPortal = useOpenCustomerPortal();
  const [choosingPlan, setChoosingPlan] = useState(false);
  const [openingPortal, setOpeningPortal] = useState(false);
  const start = cycleDate(subscription.currentPeriodStart);
  const end = cycleDate(subscription.currentPeriodEnd);
  const nextBill = formatPrice(subscription.upcomingInvoice.amountDue);

  const managePayment = async () => {
    setOpeningPortal(true);
    await openPortal(tenant.id);
    setOpeningPortal(false);
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Current plan</Trans>
        </Title>
        <Group gap="sm">
          <Text fz="xl" fw={700}>
            {t`${planName} plan`}
          </Text>
          <PlanTagBadge planId={subscription.planId} />
        </Group>
        <Text fz="sm">{t`Billing period: ${start} – ${end}`}</Text>
        <Text fz="sm">{t`Renews on ${end}`}</Text>
        <Text fz="sm" fw={600}>
          {t`Next bill: ${nextBill}`}
        </Text>
        <Group gap="sm" align="flex-start" mt="xs">
          {tag === 'free' && <Button onClick={() => setChoosingPlan(true)}>{t`Upgrade plan`}</Button>}
          {tag === 'pro' && <DowngradeFlow tenant={tenant} />}
          <Button variant="default" loading={openingPortal} onClick={() => void managePayment()}>
            {t`Manage payment`}
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Usage</Trans>
        </Title>
        <UsageCards cards={usageCardsOf(subscription.planId, usage)} isEnterprisePlan={subscription.isEnterprisePlan} />
      </Stack>
      <PlanSelectionModal
        opened={choosingPlan}
        onClose={() => setChoosingPlan(false)}
        tenant={{ id: tenant.id, planId: subscription.planId }}
        callbackPage={`/${tenant.id}/tenant-settings/subscription`}
      />
    </Stack>
  );
}
