import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminConsoleConfigQueries, usePatchAdminConsoleConfig } from '#src/data/admin-console-config.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { showsMigrationNotice } from '#src/rules/notices.ts';

/**
 * The one-time development-tenant migration notice of a tenant's admin-console config (spec 01 §4): shown while the
 * config has it unread; dismissing writes readAt (now, in ms), and the answer replaces the config.
 */
export function useMigrationNotice() {
  const { data } = useQuery(useTenantQueries(adminConsoleConfigQueries).detail());
  const patch = usePatchAdminConsoleConfig();
  const [read, setRead] = useState(false);
  const notice = data?.developmentTenantMigrationNotification;
  const shows = !read && notice !== undefined && showsMigrationNotice({ developmentTenantMigrationNotification: notice });

  const dismiss = () => {
    if (!notice) return;
    setRead(true);
    patch({ developmentTenantMigrationNotification: { ...notice, readAt: Date.now() } });
  };
  return { shows, dismiss };
}
