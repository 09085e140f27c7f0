import type { Resource } from '#schemas/resource.ts';
import type { PageTab } from '#src/ui/detail/TabNav.tsx';
import { tabNames } from '#src/ui/page-names.ts';

/** The tabs of an API resource (spec 02 §2): permissions (the default) and general. */
export const apiResourceTabs: PageTab<Resource>[] = [
  { segment: 'permissions', title: tabNames.permissions, to: '/$tenantId/api-resources/$id/permissions' },
  { segment: 'general', title: tabNames.general, to: '/$tenantId/api-resources/$id/general' },
];
