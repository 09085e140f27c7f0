import { useRouteContext } from '@tanstack/react-router';

/**
 * Opens the payment provider's customer portal of a tenant in a new tab (spec 01 §7), which links back to the current
 * page. The tab opens at the click, so that no pop-up blocker stops it, and goes to the portal once its address is known.
 */
export function useOpenCustomerPortal() {
  const { api } = useRouteContext({ from: '__root__' });
  return async (tenantId: string) => {
    const tab = window.open('', '_blank');
    try {
      // The billing calls load with the click: this hook is on the first screen (the notices), they are not.
      const { customerPortalUrl } = await import('../api/customer-portal.ts');
      const url = await customerPortalUrl(api, tenantId, window.location.href);
      if (!tab) {
        window.location.assign(url);
        return;
      }
      tab.opener = null;
      tab.location.href = url;
    } catch {
      // The request client has shown why.
      tab?.close();
    }
  };
}
