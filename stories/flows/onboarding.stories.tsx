import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { initialOnboardingDraft, onboardingMachine, type OnboardingContext, type OnboardingDraft } from '#machines/onboarding.machine.ts';
import { OnboardingView, type OnboardingViewProps } from '#src/flows/onboarding/OnboardingView.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { stateStories } from './state-story.tsx';

/** One story per state of the onboarding machine, named by its state path (spec 01 §2 onboarding). */
type Args = Pick<OnboardingViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Onboarding',
  parameters: { machine: onboardingMachine.id },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const submitted: OnboardingDraft = { name: 'Acme', regionName: 'AU', collaborators: ['bob@example.com'] };
const acme = sampleTenant('acme1', { name: 'Acme' });
const baseContext: OnboardingContext = { draft: initialOnboardingDraft };

const stateStory = stateStories(onboardingMachine, baseContext, (state, { send }: Args) => <OnboardingView state={state} send={send} />);

const showsLoading: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(canvas.queryByRole('form')).toBeNull();
};

/** While it works, the page keeps what was submitted and cannot be changed. */
const showsCreating: Story['play'] = async ({ canvas, args }) => {
  const form = await canvas.findByRole('form', { name: 'Create your first tenant' });
  await expect(canvas.getByLabelText('Tenant name')).toHaveValue('Acme');
  await expect(canvas.getByLabelText('Tenant name')).toBeDisabled();
  await expect(canvas.getByRole('radio', { name: 'Australia (AU)' })).toBeChecked();
  await expect(canvas.getByText('bob@example.com')).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Create' })).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
  await expect(args.send).not.toHaveBeenCalled();
  await expect(form).toBeVisible();
};

export const loading = stateStory('loading', showsLoading);
export const leaving = stateStory('leaving', showsLoading);

export const error = stateStory(
  'error',
  async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to fetch');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { error: 'Failed to fetch' },
);

export const editing = stateStory('editing', async ({ canvas, args }) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Create your first tenant' })).toBeVisible();
  const name = canvas.getByLabelText('Tenant name');
  await expect(name).toHaveAttribute('placeholder', 'My project');
  await expect(canvas.getByRole('radio', { name: 'Europe (EU)' })).toBeChecked();
  await userEvent.type(name, 'Acme');
  await userEvent.click(canvas.getByRole('radio', { name: 'Australia (AU)' }));

  // An invalid address is shown, kept, and holds the submit back.
  const collaborators = canvas.getByLabelText('Invite collaborators');
  await userEvent.type(collaborators, 'bob@');
  await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
  await expect(canvas.getByText('bob@ is not a valid e-mail address.')).toBeVisible();
  await expect(args.send).not.toHaveBeenCalled();

  await userEvent.type(collaborators, 'example.com{Enter}');
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Remove bob@example.com' })).toBeVisible());
  await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT', draft: submitted });
});

export const creatingTenant = stateStory('creatingTenant', showsCreating, { draft: submitted });
export const creatingTenantThenInviting = stateStory('creatingTenant.thenInviting', showsCreating, { draft: submitted });
export const creatingTenantThenFinishing = stateStory('creatingTenant.thenFinishing', showsCreating, { draft: submitted });
export const invitingCollaborators = stateStory('invitingCollaborators', showsCreating, { draft: submitted, tenant: acme });
export const savingOnboardingDone = stateStory('savingOnboardingDone', showsCreating, { draft: submitted, tenant: acme });
export const enteringTenant = stateStory('enteringTenant', showsCreating, { draft: submitted, tenant: acme });
