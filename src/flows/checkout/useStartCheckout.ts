import { useCallback, useMemo } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { createActor, toPromise } from 'xstate';
import { consolePath } from '#schemas/constants.ts';
import type { CheckoutInput, CheckoutOutput } from '#machines/checkout.machine.ts';
import { randomCheckoutState } from '#src/rules/checkout-state.ts';
import { browser } from './browser.ts';
import { provideCheckoutMachine, type ProvidedCheckoutMachine } from './provide.ts';
import { checkoutRecordStorage } from './record.ts';
import { billingApi } from '#src/api/billing.ts';

/** The console's own checkout-success callback route, with the state (the server redirects there as given). */
export const checkoutSuccessCallbackUrl = (state: string, origin = window.location.origin) => {
  const url = new URL(`${consolePath}/checkout-success-callback`, origin);
  url.searchParams.set('state', state);
  return url.href;
};

/** The checkout machine with the console's effects; plan selection runs it as its child. */
export function useCheckoutMachine(): ProvidedCheckoutMachine {
  const { api } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  return useMemo(
    () =>
      provideCheckoutMachine({
        createCheckoutSession: (body) => billingApi(api).createCheckoutSession(body),
        randomState: () => randomCheckoutState(),
        successCallbackUrl: (state) => checkoutSuccessCallbackUrl(state),
        saveCheckoutRecord: checkoutRecordStorage.save,
        goToCheckout: (redirectUri) => browser.assign(redirectUri),
        notifyUnknownError: () => notifications.show({ color: 'red', message: t`Unknown error` }),
      }),
    [api, t],
  );
}

/**
 * Starts a checkout (spec 01 §4): for an existing tenant `{ skuId, target: { tenantId }, callbackPage, isDowngrade }`.
 * Resolves `{ redirected: true }` as the browser leaves for the hosted checkout, `{ redirected: false }` when it
 * could not start (the error was shown).
 */
export function useStartCheckout(): (input: CheckoutInput) => Promise<CheckoutOutput> {
  const checkout = useCheckoutMachine();
  return useCallback((input) => toPromise(createActor(checkout, { input }).start()), [checkout]);
}
