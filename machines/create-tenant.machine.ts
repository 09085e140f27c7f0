import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { defaultRegion, type RegionName, type TenantTag } from '../schemas/constants.ts';
import type { CreateTenant, Tenant } from '../schemas/tenant.ts';
import { planSelectionMachine } from './plan-selection.machine.ts';
import { onTenantCreated, tenantCreatedActions } from './tenant-created.ts';
import { provided } from './errors.ts';

export type TenantDraft = { name: string; regionName: RegionName; tag: TenantTag };

export type CreateTenantInput = {
  /** From the free-plan rule: whether the user may put one more tenant on the free plan. */
  freePlanAvailable: boolean;
  /** The usage purpose the form starts with (the production-tenant banner asks for production); development otherwise. */
  tag?: TenantTag;
};

export type CreateTenantContext = Omit<CreateTenantInput, 'tag'> & {
  /** The last submitted values. */
  draft: TenantDraft;
  /** Set by a submit with a missing name: the form shows its errors from then on. */
  showErrors: boolean;
  tenant?: Tenant;
};

export const initialTenantDraft: TenantDraft = { name: '', regionName: defaultRegion, tag: 'development' };

/**
 * The create-tenant modal (spec 01 §2, §4 create modal, §5): a required name, a region and the usage purpose.
 * Development creates directly; production opens plan selection, where free creates the tenant and a paid plan runs
 * the checkout for the new tenant. Closing plan selection comes back to the form.
 */
export const createTenantMachine = setup({
  types: {
    input: {} as CreateTenantInput,
    context: {} as CreateTenantContext,
    /** The form's values come with the submit; the view keeps them while it is open. BACK closes plan selection. */
    events: {} as { type: 'SUBMIT'; draft: TenantDraft } | { type: 'BACK' },
  },
  actors: {
    createTenant: fromPromise<Tenant, CreateTenant>(provided('createTenant')),
    planSelection: planSelectionMachine,
  },
  actions: {
    ...tenantCreatedActions,
    assignDraft: assign((_, draft: TenantDraft) => ({ draft })),
    showErrors: assign({ showErrors: true }),
    assignTenant: assign((_, tenant: Tenant) => ({ tenant })),
  },
  guards: {
    isNameMissing: (_, draft: TenantDraft) => draft.name.trim() === '',
    isProduction: (_, draft: TenantDraft) => draft.tag === 'production',
  },
}).createMachine({
  id: 'createTenant',
  context: ({ input: { tag = initialTenantDraft.tag, ...input } }) => ({ ...input, draft: { ...initialTenantDraft, tag }, showErrors: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          {
            guard: { type: 'isNameMissing', params: ({ event }) => event.draft },
            actions: [{ type: 'assignDraft', params: ({ event }) => event.draft }, 'showErrors'],
          },
          {
            guard: { type: 'isProduction', params: ({ event }) => event.draft },
            target: 'selectingPlan',
            actions: { type: 'assignDraft', params: ({ event }) => event.draft },
          },
          { target: 'creatingTenant', actions: { type: 'assignDraft', params: ({ event }) => event.draft } },
        ],
      },
    },
    /** The plan-selection modal for the new production tenant; it creates the tenant or starts its checkout. */
    selectingPlan: {
      invoke: {
        id: 'planSelection',
        src: 'planSelection',
        input: ({ context: { draft, freePlanAvailable } }) => ({
          target: { kind: 'newTenant', name: draft.name.trim(), regionName: draft.regionName },
          freePlanAvailable,
        }),
        onDone: 'planChosen',
      },
      on: { BACK: 'editing' },
    },
    /** The free tenant was created and opened, or the browser leaves for the checkout. */
    planChosen: { type: 'final' },
    creatingTenant: {
      invoke: {
        id: 'createTenant',
        src: 'createTenant',
        input: ({ context: { draft } }) => ({ name: draft.name.trim(), tag: draft.tag, regionName: draft.regionName }),
        onDone: {
          target: 'created',
          actions: [{ type: 'assignTenant', params: ({ event }) => event.output }, ...onTenantCreated],
        },
        // The request client has shown the error; everything typed is kept.
        onError: 'editing',
      },
    },
    created: { type: 'final' },
  },
});

export type CreateTenantSnapshot = SnapshotFrom<typeof createTenantMachine>;
export type CreateTenantEvent = EventFromLogic<typeof createTenantMachine>;
export type CreateTenantState = CreateTenantSnapshot['value'];
