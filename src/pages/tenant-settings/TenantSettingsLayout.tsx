import { Stack, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { TabLinks } from '#src/ui/TabLinks.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { tenantSettingsTabs } from './tabs.ts';

/** Tenant settings: the heading, the tabs the member may see, and the current tab. */
export function TenantSettingsLayout() {
  const { i18n, t } = useLingui();
  const tenant = useCurrentTenant();
  const access = useTenantAccess();
  const title = i18n._(pageNames.tenantSettings);
  usePageTitle(title);
  return (
    <Stack gap="lg" p="md">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <TabLinks label={t`Tenant settings tabs`}>
        {tenantSettingsTabs
          .filter(({ visible }) => visible(access, tenant))
          .map(({ segment, title: tabTitle, to }) => (
            <LinkButton key={segment} to={to} params={{ tenantId: tenant.id }} {...tabLinkProps}>
              {i18n._(tabTitle)}
            </LinkButton>
          ))}
      </TabLinks>
      <Outlet />
    </Stack>
  );
}
