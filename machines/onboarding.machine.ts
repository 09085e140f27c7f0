import { assign, fromPromise, setup, stateIn, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { defaultRegion, type RegionName, type TenantRole } from '../schemas/constants.ts';
import type { AdminPreferences } from '../schemas/preferences.ts';
import type { CreateTenant, Tenant } from '../schemas/tenant.ts';
import { messageOf, provided } from './errors.ts';

/** The onboarding tenant's name when none is typed (spec 01 §5). */
export const defaultOnboardingTenantName = 'My project';
/** Invited people join with this role (spec 01 §6). */
export const collaboratorRole: TenantRole = 'collaborator';

export type OnboardingDraft = { name: string; regionName: RegionName; collaborators: string[] };
export type InviteCollaboratorsInput = { tenantId: string; invitee: string[]; roleName: TenantRole };

export type OnboardingContext = {
  /** The last submitted values. */
  draft: OnboardingDraft;
  tenant?: Tenant;
  error?: string;
};

export const initialOnboardingDraft: OnboardingDraft = { name: '', regionName: defaultRegion, collaborators: [] };

/**
 * Onboarding (spec 01 §2, §4): the first tenant. Redirects to the root when onboarding is done already; otherwise
 * creates the tenant, invites the collaborators (a failure is a toast, not a stop), marks onboarding done and opens the tenant.
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    /** The form's values come with the submit; the view keeps them while it is open. */
    events: {} as { type: 'SUBMIT'; draft: OnboardingDraft } | { type: 'RETRY' },
  },
  actors: {
    loadPreferences: fromPromise<AdminPreferences>(provided('loadPreferences')),
    createTenant: fromPromise<Tenant, CreateTenant>(provided('createTenant')),
    /** With the new tenant's token, and no error toast of the request client. */
    inviteCollaborators: fromPromise<unknown, InviteCollaboratorsInput>(provided('inviteCollaborators')),
    markOnboardingDone: fromPromise<void>(provided('markOnboardingDone')),
  },
  actions: {
    /** Replaces history with the root. */
    navigateToRoot: () => {},
    /** The 'invitation failed' toast, shown for 5 s. */
    notifyInvitationFailed: () => {},
    addTenant: (_args, _tenant: Tenant) => {},
    notifyTenantCreated: (_args, _tenant: Tenant) => {},
    openTenant: (_args, _tenant: Tenant) => {},
    assignDraft: assign((_, draft: OnboardingDraft) => ({ draft })),
    assignTenant: assign((_, tenant: Tenant) => ({ tenant })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    isOnboardingDone: (_, preferences: AdminPreferences) => preferences.isOnboardingDone === true,
    hasCollaborators: (_, draft: OnboardingDraft) => draft.collaborators.length > 0,
    isInvitingNext: stateIn('#onboarding.creatingTenant.thenInviting'),
  },
}).createMachine({
  id: 'onboarding',
  context: { draft: initialOnboardingDraft },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: [
          { guard: { type: 'isOnboardingDone', params: ({ event }) => event.output }, target: 'leaving' },
          { target: 'editing' },
        ],
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    leaving: {
      type: 'final',
      entry: 'navigateToRoot',
    },
    editing: {
      on: {
        SUBMIT: [
          {
            guard: { type: 'hasCollaborators', params: ({ event }) => event.draft },
            target: 'creatingTenant.thenInviting',
            actions: { type: 'assignDraft', params: ({ event }) => event.draft },
          },
          { target: 'creatingTenant.thenFinishing', actions: { type: 'assignDraft', params: ({ event }) => event.draft } },
        ],
      },
    },
    creatingTenant: {
      // Which step follows is part of the state, so that both branches show in the graph and the model walk.
      initial: 'thenFinishing',
      states: { thenInviting: {}, thenFinishing: {} },
      invoke: {
        id: 'createTenant',
        src: 'createTenant',
        input: ({ context: { draft } }) => ({ name: draft.name.trim() || defaultOnboardingTenantName, regionName: draft.regionName }),
        onDone: [
          {
            guard: 'isInvitingNext',
            target: 'invitingCollaborators',
            actions: { type: 'assignTenant', params: ({ event }) => event.output },
          },
          { target: 'savingOnboardingDone', actions: { type: 'assignTenant', params: ({ event }) => event.output } },
        ],
        // The request client has shown the error; everything typed is kept.
        onError: 'editing',
      },
    },
    invitingCollaborators: {
      invoke: {
        id: 'inviteCollaborators',
        src: 'inviteCollaborators',
        input: ({ context }) => ({ tenantId: context.tenant?.id ?? '', invitee: context.draft.collaborators, roleName: collaboratorRole }),
        onDone: 'savingOnboardingDone',
        onError: { target: 'savingOnboardingDone', actions: 'notifyInvitationFailed' },
      },
    },
    savingOnboardingDone: {
      invoke: {
        id: 'markOnboardingDone',
        src: 'markOnboardingDone',
        onDone: 'enteringTenant',
        // The tenant exists: open it anyway (the request client has shown the error; with a tenant, '/' no longer onboards).
        onError: 'enteringTenant',
      },
    },
    enteringTenant: {
      type: 'final',
      entry: [
        { type: 'addTenant', params: ({ context }) => context.tenant! },
        { type: 'notifyTenantCreated', params: ({ context }) => context.tenant! },
        { type: 'openTenant', params: ({ context }) => context.tenant! },
      ],
    },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
export type OnboardingEvent = EventFromLogic<typeof onboardingMachine>;
export type OnboardingState = OnboardingSnapshot['value'];
