import { fromPromise } from 'xstate';
import { onboardingMachine, type InviteCollaboratorsInput } from '../../../machines/onboarding.machine.ts';
import type { AdminPreferences } from '../../../schemas/preferences.ts';
import type { CreateTenant, Tenant } from '../../../schemas/tenant.ts';

export type OnboardingDependencies = {
  loadPreferences: () => Promise<AdminPreferences>;
  createTenant: (body: CreateTenant) => Promise<Tenant>;
  inviteCollaborators: (input: InviteCollaboratorsInput) => Promise<unknown>;
  markOnboardingDone: () => Promise<void>;
  navigateToRoot: () => void;
  notifyInvitationFailed: () => void;
  addTenant: (tenant: Tenant) => void;
  notifyTenantCreated: () => void;
  openTenant: (tenant: Tenant) => void;
};

/** The onboarding machine with its real effects: preferences, the cloud API, toasts, the session's tenants and the router. */
export function provideOnboardingMachine(deps: OnboardingDependencies) {
  return onboardingMachine.provide({
    actors: {
      loadPreferences: fromPromise(() => deps.loadPreferences()),
      createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => deps.createTenant(input)),
      inviteCollaborators: fromPromise<unknown, InviteCollaboratorsInput>(({ input }) => deps.inviteCollaborators(input)),
      markOnboardingDone: fromPromise(() => deps.markOnboardingDone()),
    },
    actions: {
      navigateToRoot: () => deps.navigateToRoot(),
      notifyInvitationFailed: () => deps.notifyInvitationFailed(),
      addTenant: (_, tenant) => deps.addTenant(tenant),
      notifyTenantCreated: () => deps.notifyTenantCreated(),
      openTenant: (_, tenant) => deps.openTenant(tenant),
    },
  });
}
