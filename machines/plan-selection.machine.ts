import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { RegionName } from '../schemas/constants.ts';
import type { Sku } from '../schemas/billing.ts';
import { planIds, planRanking } from '../schemas/quota.ts';
import type { CreateTenant, Tenant } from '../schemas/tenant.ts';
import { checkoutMachine, type CheckoutInput } from './checkout.machine.ts';
import { onTenantCreated, tenantCreatedActions } from './tenant-created.ts';
import { errorOf, messageOf, provided } from './errors.ts';

/** Who the plan is for: the new production tenant of the create-tenant modal, or an existing tenant changing plan. */
export type PlanTarget =
  | { kind: 'newTenant'; name: string; regionName: RegionName }
  | { kind: 'tenant'; tenantId: string; planId: string; callbackPage?: string };

export type PlanSelectionInput = {
  target: PlanTarget;
  /** From the free-plan rule (spec 01 §4 free-plan selection): false once the user has 3 or more free tenants. */
  freePlanAvailable: boolean;
};

export type PlanSelectionContext = PlanSelectionInput & {
  plans: Sku[];
  /** The plan whose action runs: only one at a time. */
  selectedSkuId?: string;
  error?: string;
};

export type PlansRequest = { tenantId?: string };

const rank = (planId: string) => planRanking[planId] ?? 0;
const isFree = (skuId: string) => skuId === planIds.free;

/** Why a plan cannot be chosen, or undefined when it can; the view shows the reason (spec 01 §4). */
export function planUnavailability({ target, freePlanAvailable }: PlanSelectionInput, skuId: string) {
  if (target.kind === 'tenant' && target.planId === skuId) return 'currentPlan' as const;
  if (isFree(skuId) && !freePlanAvailable) return 'freeTenantCap' as const;
  return undefined;
}

/** The checkout of a paid plan, or of a tenant's plan change (choosing free for an existing tenant is a downgrade). */
export function checkoutInputOf({ target }: PlanSelectionInput, skuId: string): CheckoutInput {
  if (target.kind === 'newTenant') {
    return { skuId, target: { tenantName: target.name, tenantTag: 'production', tenantRegionName: target.regionName } };
  }
  return {
    skuId,
    target: { tenantId: target.tenantId },
    ...(target.callbackPage === undefined ? {} : { callbackPage: target.callbackPage }),
    isDowngrade: rank(skuId) < rank(target.planId),
  };
}

/** The body that creates the new production tenant (the guard lets only a new tenant's free choice come here). */
function newTenantOf(target: PlanTarget): CreateTenant {
  if (target.kind !== 'newTenant') throw new Error('Only a new tenant is created from plan selection');
  return { name: target.name, tag: 'production', regionName: target.regionName };
}

type Choice = { context: PlanSelectionContext; skuId: string };
const choice = ({ context, event }: { context: PlanSelectionContext; event: { skuId: string } }): Choice => ({ context, skuId: event.skuId });
const clearSelection = { type: 'clearSelection' } as const;

/**
 * The plan-selection modal (spec 01 §2, §4 create modal and free-plan selection): one card per basic plan. Free creates
 * the new production tenant at once; a paid plan, or any plan change of an existing tenant, runs the checkout.
 */
export const planSelectionMachine = setup({
  types: {
    input: {} as PlanSelectionInput,
    context: {} as PlanSelectionContext,
    events: {} as { type: 'SELECT_PLAN'; skuId: string } | { type: 'RETRY' },
  },
  actors: {
    listPlans: fromPromise<Sku[], PlansRequest>(provided('listPlans')),
    createTenant: fromPromise<Tenant, CreateTenant>(provided('createTenant')),
    checkout: checkoutMachine,
  },
  actions: {
    ...tenantCreatedActions,
    assignPlans: assign((_, plans: Sku[]) => ({ plans })),
    assignSelection: assign((_, skuId: string) => ({ selectedSkuId: skuId })),
    clearSelection: assign({ selectedSkuId: undefined }),
    assignError: assign((_, error: unknown) => ({ error: messageOf(error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    createsFreeTenant: (_, { context, skuId }: Choice) =>
      context.target.kind === 'newTenant' && isFree(skuId) && planUnavailability(context, skuId) === undefined,
    canCheckout: (_, { context, skuId }: Choice) =>
      planUnavailability(context, skuId) === undefined && context.plans.some(({ id }) => id === skuId),
    redirected: (_, output: { redirected: boolean }) => output.redirected,
  },
}).createMachine({
  id: 'planSelection',
  context: ({ input }) => ({ ...input, plans: [] }),
  initial: 'loadingPlans',
  states: {
    loadingPlans: {
      invoke: {
        id: 'listPlans',
        src: 'listPlans',
        input: ({ context: { target } }) => (target.kind === 'tenant' ? { tenantId: target.tenantId } : {}),
        onDone: { target: 'choosing', actions: { type: 'assignPlans', params: ({ event }) => event.output } },
        onError: { target: 'loadError', actions: { type: 'assignError', params: errorOf } },
      },
    },
    loadError: {
      on: { RETRY: { target: 'loadingPlans', actions: 'clearError' } },
    },
    choosing: {
      on: {
        SELECT_PLAN: [
          {
            guard: { type: 'createsFreeTenant', params: choice },
            target: 'creatingTenant',
            actions: { type: 'assignSelection', params: ({ event }) => event.skuId },
          },
          {
            guard: { type: 'canCheckout', params: choice },
            target: 'checkingOut',
            actions: { type: 'assignSelection', params: ({ event }) => event.skuId },
          },
        ],
      },
    },
    /** A new production tenant on the free plan: no payment, so it is created directly. */
    creatingTenant: {
      invoke: {
        id: 'createTenant',
        src: 'createTenant',
        input: ({ context: { target } }) => newTenantOf(target),
        onDone: {
          target: 'created',
          actions: onTenantCreated,
        },
        // The request client has shown the error (the free-tenant cap of the server, for example).
        onError: { target: 'choosing', actions: clearSelection },
      },
    },
    checkingOut: {
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => checkoutInputOf(context, context.selectedSkuId ?? ''),
        onDone: [
          { guard: { type: 'redirected', params: ({ event }) => event.output }, target: 'redirecting' },
          { target: 'choosing', actions: clearSelection },
        ],
      },
    },
    created: { type: 'final' },
    /** The browser leaves for the hosted checkout. */
    redirecting: { type: 'final' },
  },
});

export type PlanSelectionSnapshot = SnapshotFrom<typeof planSelectionMachine>;
export type PlanSelectionEvent = EventFromLogic<typeof planSelectionMachine>;
export type PlanSelectionState = PlanSelectionSnapshot['value'];
