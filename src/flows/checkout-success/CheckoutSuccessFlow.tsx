import { useNavigate, useRouteContext, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { checkoutSuccessMachine, type PurchaseNotice } from '#machines/checkout-success.machine.ts';
import type { CheckoutSession, SubscriptionResponse } from '#schemas/billing.ts';
import { useServices } from '#src/app/services.ts';
import { usePlanName } from '#src/ui/PlanTagBadge.tsx';
import { checkoutRecordStorage } from '../checkout/record.ts';
import { CheckoutSuccessView } from './CheckoutSuccessView.tsx';
import { reportConversion } from './conversion.ts';
import { useTenants } from '#src/data/tenants.ts';
import { billingApi } from '#src/api/billing.ts';

/** A console path from the stored record: only a path of this console, never another site. */
const isConsolePath = (page: string | undefined): page is string => page !== undefined && page.startsWith('/') && !page.startsWith('//');

/** The checkout-success callback (/checkout-success-callback?state=…): checks the state, polls, then goes on. */
export function CheckoutSuccessFlow({ queryState }: { queryState: string | null }) {
  const { api } = useRouteContext({ from: '__root__' });
  const tenants = useTenants();
  const services = useServices();
  const navigate = useNavigate();
  const router = useRouter();
  const planName = usePlanName();
  const { t } = useLingui();
  const goHome = () => void navigate({ to: '/', replace: true });
  const actor = useActorRef(
    checkoutSuccessMachine.provide({
      actors: {
        getCheckoutSession: fromPromise<CheckoutSession, { sessionId: string }>(({ input }) => billingApi(api).getCheckoutSession(input.sessionId)),
        getSubscription: fromPromise<SubscriptionResponse, { tenantId: string }>(({ input }) => billingApi(api).getSubscription(input.tenantId)),
        refreshTenants: fromPromise(() => services.refreshTenants()),
      },
      actions: {
        clearCheckoutRecord: () => checkoutRecordStorage.clear(),
        notifyInvalidRecord: () => notifications.show({ color: 'red', message: t`Invalid JSON format` }),
        notifyTimeout: () => notifications.show({ color: 'red', message: t`Subscription check timeout` }),
        notifyPurchased: (_, { planId, isDowngrade }: PurchaseNotice) => {
          const name = planName(planId);
          notifications.show({ color: 'green', message: isDowngrade ? t`Downgraded to the ${name} plan` : t`Upgraded to the ${name} plan` });
        },
        reportPurchaseConversion: (_, skuId: string) => void reportConversion({ type: 'purchase', skuId }),
        reportProductionTenantConversion: (_, tenantId: string) => void reportConversion({ type: 'productionTenant', tenantId }),
        goHome,
        goToCallbackPage: (_, page: string | undefined) => (isConsolePath(page) ? void router.navigate({ href: page, replace: true }) : goHome()),
        switchTenant: (_, tenantId: string) => {
          void services.preferences.update({ defaultTenantId: tenantId }).catch(() => {});
          void navigate({ to: '/$tenantId', params: { tenantId }, replace: true });
        },
      },
    }),
    { input: { queryState, storedRecord: checkoutRecordStorage.read(), tenantIds: tenants.map(({ id }) => id) } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  return <CheckoutSuccessView state={state} />;
}
