import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { defaultRegion, type RegionName, type TenantTag } from '../schemas/constants.ts';
import type { CreateTenant, Tenant } from '../schemas/tenant.ts';
import { provided } from './provided.ts';

export type TenantDraft = { name: string; regionName: RegionName; tag: TenantTag };

export type CreateTenantContext = {
  /** The last submitted values. */
  draft: TenantDraft;
  /** Set by a submit with a missing name: the form shows its errors from then on. */
  showErrors: boolean;
  tenant?: Tenant;
};

export const initialTenantDraft: TenantDraft = { name: '', regionName: defaultRegion, tag: 'development' };

/**
 * The create-tenant modal (spec 01 §2, §4 create modal, §5): a required name, a region and the usage purpose.
 * Development creates directly; production goes through plan selection, where the billing issue puts the plan choice
 * (until then it goes straight on, and the server puts production tenants on the free plan).
 */
export const createTenantMachine = setup({
  types: {
    context: {} as CreateTenantContext,
    /** The form's values come with the submit; the view keeps them while it is open. */
    events: {} as { type: 'SUBMIT'; draft: TenantDraft },
  },
  actors: {
    createTenant: fromPromise<Tenant, CreateTenant>(provided('createTenant')),
  },
  actions: {
    /** Puts the new tenant into the session's tenant list. */
    addTenant: (_args, _tenant: Tenant) => {},
    /** The 'tenant created' success toast. */
    notifyTenantCreated: (_args, _tenant: Tenant) => {},
    /** Navigates to the new tenant (and closes the modal). */
    openTenant: (_args, _tenant: Tenant) => {},
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
  context: { draft: initialTenantDraft, showErrors: false },
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
    /** Where the billing issue inserts the plan-selection modal; for now the free plan, so straight on. */
    selectingPlan: {
      always: 'creatingTenant',
    },
    creatingTenant: {
      invoke: {
        id: 'createTenant',
        src: 'createTenant',
        input: ({ context: { draft } }) => ({ name: draft.name.trim(), tag: draft.tag, regionName: draft.regionName }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'assignTenant', params: ({ event }) => event.output },
            { type: 'addTenant', params: ({ event }) => event.output },
            { type: 'notifyTenantCreated', params: ({ event }) => event.output },
            { type: 'openTenant', params: ({ event }) => event.output },
          ],
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
