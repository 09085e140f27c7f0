import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { Tenant } from '../../../schemas/tenant.ts';
import { CreateTenantView } from './CreateTenantView.tsx';
import { provideCreateTenantMachine } from './provide.ts';
import { useTenantCreatedEffects } from './tenant-created.ts';

export type CreateTenantModalProps = {
  opened: boolean;
  onClose: () => void;
  /** After the tenant is created, added to the session and opened. */
  onCreated?: (tenant: Tenant) => void;
};

/** The create-tenant modal; each opening starts with an empty form. */
export function CreateTenantModal({ opened, onClose, onCreated }: CreateTenantModalProps) {
  return opened ? <CreateTenantFlow onClose={onClose} onCreated={onCreated} /> : null;
}

function CreateTenantFlow({ onClose, onCreated }: Omit<CreateTenantModalProps, 'opened'>) {
  const { api } = useRouteContext({ from: '__root__' });
  const effects = useTenantCreatedEffects();
  const [state, send] = useMachine(
    provideCreateTenantMachine({
      createTenant: api.tenants.createTenant,
      addTenant: effects.addTenant,
      notifyTenantCreated: effects.notifyTenantCreated,
      openTenant: (tenant) => {
        effects.openTenant(tenant);
        onClose();
        onCreated?.(tenant);
      },
    }),
  );
  return <CreateTenantView state={state} send={send} onClose={onClose} />;
}
