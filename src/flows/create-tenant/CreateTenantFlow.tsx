import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createTenantMachine } from '#machines/create-tenant.machine.ts';
import type { CreateTenant, Tenant } from '#schemas/tenant.ts';
import { isFreePlanAvailable } from '#src/rules/free-plan.ts';
import { PlanSelectionActorView, type PlanSelectionActor } from '../plan-selection/PlanSelectionFlow.tsx';
import { usePlanSelectionMachine } from '../plan-selection/usePlanSelectionMachine.ts';
import { CreateTenantView } from './CreateTenantView.tsx';
import type { CreateTenantModalProps } from './CreateTenantModal.tsx';
import { tenantCreatedImplementations, useTenantCreatedEffects } from './tenant-created.ts';
import { useTenants } from '#src/data/tenants.ts';

/** The create-tenant modal's content; each opening starts with an empty form. */
export function CreateTenantFlow({ opened, ...props }: CreateTenantModalProps) {
  return opened ? <CreateTenantFlowRunning {...props} /> : null;
}

function CreateTenantFlowRunning({ onClose, onCreated, tag }: Omit<CreateTenantModalProps, 'opened'>) {
  const { api } = useRouteContext({ from: '__root__' });
  const tenants = useTenants();
  const effects = useTenantCreatedEffects();
  const opened = (tenant: Tenant) => {
    onClose();
    onCreated?.(tenant);
  };
  const planSelection = usePlanSelectionMachine(opened);
  const actor = useActorRef(
    createTenantMachine.provide({
      actors: { createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => api.tenants.createTenant(input)), planSelection },
      actions: tenantCreatedImplementations({
        ...effects,
        openTenant: (tenant) => {
          effects.openTenant(tenant);
          opened(tenant);
        },
      }),
    }),
    { input: { freePlanAvailable: isFreePlanAvailable(tenants), tag } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  const plans = state.children.planSelection as PlanSelectionActor | undefined;
  return (
    <CreateTenantView
      state={state}
      send={actor.send}
      onClose={onClose}
      planSelection={plans && <PlanSelectionActorView actor={plans} onClose={() => actor.send({ type: 'BACK' })} />}
    />
  );
}
