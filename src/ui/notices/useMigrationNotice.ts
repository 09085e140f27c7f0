import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { showsMigrationNotice } from '../../rules/notices.ts';
import { useLoaded } from '../useLoaded.ts';

/**
 * The one-time development-tenant migration notice of a tenant's admin-console config (spec 01 §4): shown while the
 * config has it unread; dismissing writes readAt (now, in ms), and the answer replaces the config.
 */
export function useMigrationNotice(tenantId: string) {
  const { api } = useRouteContext({ from: '__root__' });
  // Only a hint for the user: a config that does not load shows nothing.
  const { loaded } = useLoaded(() => api.billing.getAdminConsoleConfig(tenantId, { hideErrorToast: true }), [api, tenantId]);
  const [read, setRead] = useState(false);
  const notice = loaded.status === 'loaded' ? loaded.data.developmentTenantMigrationNotification : undefined;
  const shows = !read && notice !== undefined && showsMigrationNotice({ developmentTenantMigrationNotification: notice });

  const dismiss = () => {
    if (!notice) return;
    setRead(true);
    void api.billing
      .patchAdminConsoleConfig(tenantId, { developmentTenantMigrationNotification: { ...notice, readAt: Date.now() } })
      .catch(() => {});
  };
  return { shows, dismiss };
}
