import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { tenantRoles } from '#schemas/constants.ts';
import {
  scopeReconciliationMachine,
  type ScopeReconciliationContext,
} from '#machines/scope-reconciliation.machine.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import {
  ScopeReconciliationView,
  type ScopeReconciliationViewProps,
} from '#src/flows/scope-reconciliation/ScopeReconciliationView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the scope-reconciliation machine, named by its state path (spec 01 §4 scope checks). */
type Args = Pick<ScopeReconciliationViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Scope reconciliation',
  parameters: { machine: scopeReconciliationMachine.id },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const admin = [...tenantRoles.admin];
const collaborator = [...tenantRoles.collaborator];
const baseContext: ScopeReconciliationContext = { tenantId: 'acme', serverScopes: [] };

/** Stands in for the tenant's pages: lists the access flags they get. */
function TenantPages() {
  const access = useTenantAccess();
  return (
    <main aria-label="Tenant pages">
      <ul>
        {Object.entries(access).map(([flag, allowed]) => (
          <li key={flag}>{`${flag}: ${allowed ? 'yes' : 'no'}`}</li>
        ))}
      </ul>
    </main>
  );
}

const stateStory = stateStories(scopeReconciliationMachine, baseContext, (state, { send }: Args) => (
  <ScopeReconciliationView state={state} send={send}>
    <TenantPages />
  </ScopeReconciliationView>
));

const checking: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('status', { name: 'Checking your access' })).toBeVisible();
  await expect(canvas.queryByRole('main')).toBeNull();
};

const showsPagesWith =
  (flags: string[]): Story['play'] =>
  async ({ canvas }) => {
    const pages = await canvas.findByRole('main', { name: 'Tenant pages' });
    await expect(pages).toHaveTextContent(flags.join(''));
    await expect(canvas.queryByRole('status')).toBeNull();
  };

const adminFlags = ['canInviteMember: yes', 'canRemoveMember: yes', 'canUpdateMemberRole: yes', 'canManageTenant: yes'];
const collaboratorFlags = ['canInviteMember: no', 'canRemoveMember: no', 'canUpdateMemberRole: no', 'canManageTenant: no'];

export const fetchingScopes = stateStory('fetchingScopes', checking);
export const leavingTenant = stateStory('leavingTenant', checking);
export const readingTokenScopes = stateStory('readingTokenScopes', showsPagesWith(collaboratorFlags), { serverScopes: collaborator });
export const clearingAccessToken = stateStory('clearingAccessToken', showsPagesWith(collaboratorFlags), { serverScopes: collaborator });
export const rereadingTokenScopes = stateStory('rereadingTokenScopes', showsPagesWith(collaboratorFlags), { serverScopes: collaborator });
export const signingInWithConsent = stateStory('signingInWithConsent', showsPagesWith(adminFlags), { serverScopes: admin });
export const ready = stateStory('ready', showsPagesWith(adminFlags), { serverScopes: admin });
export const sessionExpired = stateStory('sessionExpired', checking, { serverScopes: admin });

export const error = stateStory(
  'error',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { error: { message: 'Failed to fetch' } },
);
