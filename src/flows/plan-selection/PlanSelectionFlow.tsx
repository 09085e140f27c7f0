import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CheckoutSnapshot, checkoutMachine } from '#machines/checkout.machine.ts';
import type { planSelectionMachine } from '#machines/plan-selection.machine.ts';
import { isFreePlanAvailable } from '#src/rules/free-plan.ts';
import { PlanSelectionView } from './PlanSelectionView.tsx';
import { usePlanSelectionMachine } from './usePlanSelectionMachine.ts';
import { useTenants } from '#src/data/tenants.ts';

export type PlanSelectionActor = ActorRefFrom<typeof planSelectionMachine>;
type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** Renders a running plan-selection actor, with the checkout start it runs as its child. */
export function PlanSelectionActorView({ actor, onClose }: { actor: PlanSelectionActor; onClose: () => void }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const checkoutActor = state.children.checkout as CheckoutActor | undefined;
  const checkout: CheckoutSnapshot | undefined = useSelector(checkoutActor, (snapshot) => snapshot);
  return <PlanSelectionView state={state} send={actor.send} onClose={onClose} checkout={checkout} />;
}

export type PlanSelectionModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The tenant that changes plan. */
  tenant: { id: string; planId: string };
  /** The console page the checkout-success callback returns to (for example the subscription tab). */
  callbackPage?: string;
};

/** The plan-selection modal for an existing tenant (the subscription tab's upgrade); each opening starts anew. */
export function PlanSelectionModal({ opened, ...props }: PlanSelectionModalProps) {
  return opened ? <TenantPlanSelection {...props} /> : null;
}

function TenantPlanSelection({ onClose, tenant, callbackPage }: Omit<PlanSelectionModalProps, 'opened'>) {
  const tenants = useTenants();
  const actor = useActorRef(usePlanSelectionMachine(), {
    input: {
      target: { kind: 'tenant', tenantId: tenant.id, planId: tenant.planId, ...(callbackPage === undefined ? {} : { callbackPage }) },
      freePlanAvailable: isFreePlanAvailable(tenants),
    },
  });
  return <PlanSelectionActorView actor={actor} onClose={onClose} />;
}
