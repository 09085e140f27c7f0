import { fn } from 'storybook/test';
import { TenantSwitcher } from '#src/ui/tenant-switcher/TenantSwitcher.tsx';
import { UserMenu } from '#src/ui/UserMenu.tsx';
import { sampleInvitation, sampleTenant } from '#tests/support/samples.ts';

/** The user menu as the top bar stories show it. */
export const sampleUserMenu = (
  <UserMenu
    user={{ name: 'Ada Lovelace' }}
    language="en"
    appearance="system"
    profileHref="/console/profile"
    onLanguageChange={fn()}
    onAppearanceChange={fn()}
    onSignOut={fn()}
  />
);

/** The tenant switcher as the top bar stories show it: Acme production is current, one invitation is pending. */
export const sampleTenantSwitcher = (
  <TenantSwitcher
    tenants={[
      sampleTenant('acme', { name: 'Acme production', tag: 'production', planId: 'free' }),
      sampleTenant('sandbox', { name: 'Sandbox' }),
    ]}
    currentTenantId="acme"
    invitations={[sampleInvitation('inv-1', { tenantId: 'globex', tenantName: 'Globex' })]}
    onSelect={fn()}
    onJoin={fn()}
    onCreate={fn()}
  />
);
