import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { CreateTenantModal } from '../flows/create-tenant/CreateTenantModal.tsx';
import { DeferredMenu } from '../ui/deferred/DeferredMenu.tsx';
import { TenantSwitcherButton } from '../ui/tenant-switcher/TenantSwitcherButton.tsx';
import { defaultTenantOf } from '#machines/index-route.machine.ts';
import { useServices } from './services.ts';
import { usePreferences } from '../preferences/hooks.ts';
import { tenantQueries, useTenants } from '../data/tenants.ts';

/** The switcher with its data: the session's tenants, the user's pending invitations, the saved default tenant. */
export function TenantSwitcherContainer() {
  const { api } = useRouteContext({ from: '__root__' });
  const tenants = useTenants();
  const { tenantId } = useParams({ strict: false });
  const { preferences } = useServices();
  const { preferences: saved } = usePreferences();
  // Outside a tenant's pages (the profile) the current tenant is the one the console opens: the saved default, else the first.
  const currentTenantId = tenantId ?? defaultTenantOf(tenants, saved);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const invitations = useQuery(tenantQueries.pendingInvitations(api, tenants.map(({ id }) => id))).data ?? [];

  return (
    <>
      <DeferredMenu
        trigger={(props) => <TenantSwitcherButton current={tenants.find(({ id }) => id === currentTenantId)} pending={invitations.length > 0} {...props} />}
        menu={({ TenantSwitcher }, defaultOpened) => (
          <TenantSwitcher
            tenants={tenants}
            currentTenantId={currentTenantId}
            invitations={invitations}
            onSelect={(id) => {
              void preferences.update({ defaultTenantId: id }).catch(() => {});
              void navigate({ to: '/$tenantId', params: { tenantId: id } });
            }}
            onJoin={(invitationId) => void navigate({ to: '/accept/$invitationId', params: { invitationId } })}
            onCreate={() => setCreating(true)}
            defaultOpened={defaultOpened}
          />
        )}
      />
      <CreateTenantModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
