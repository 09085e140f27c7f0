import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import {
  createTenantMachine,
  initialTenantDraft,
  type CreateTenantContext,
} from '#machines/create-tenant.machine.ts';
import { planSelectionMachine } from '#machines/plan-selection.machine.ts';
import { CreateTenantView, type CreateTenantViewProps } from '#src/flows/create-tenant/CreateTenantView.tsx';
import { PlanSelectionView } from '#src/flows/plan-selection/PlanSelectionView.tsx';
import { sampleSku, sampleTenant } from '#tests/support/samples.ts';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the create-tenant machine, named by its state path (spec 01 §2 create-tenant modal). */
type Args = Pick<CreateTenantViewProps, 'send' | 'onClose'>;

const meta: Meta<Args> = {
  title: 'Flows/Create tenant',
  parameters: { machine: createTenantMachine.id, ...modalFlow('640px') },
  args: { send: fn(), onClose: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const submitted = { name: 'Acme', regionName: 'US', tag: 'production' } as const;
const baseContext: CreateTenantContext = { draft: initialTenantDraft, showErrors: false, freePlanAvailable: true };

const stateStory = stateStories(createTenantMachine, baseContext, (state, { send, onClose }: Args) => (
  <CreateTenantView
    state={state}
    send={send}
    onClose={onClose}
    planSelection={
      <PlanSelectionView
        state={planSelectionMachine.resolveState({
          value: state.matches('planChosen') ? 'redirecting' : 'choosing',
          context: {
            target: { kind: 'newTenant', name: 'Acme', regionName: 'US' },
            freePlanAvailable: true,
            plans: [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)],
            ...(state.matches('planChosen') ? { selectedSkuId: 'pro-2024-11' } : {}),
          },
        })}
        send={fn()}
        onClose={() => send({ type: 'BACK' })}
      />
    }
  />
));

const dialog = () => screen.findByRole('dialog', { name: 'Create tenant' });

/** While it creates, the form keeps what was submitted, cannot be changed, and the modal does not close. */
const showsCreating: Story['play'] = async ({ args }) => {
  const modal = within(await dialog());
  await expect(modal.getByLabelText(/Tenant name/)).toHaveValue('Acme');
  await expect(modal.getByLabelText(/Tenant name/)).toBeDisabled();
  await expect(modal.getByRole('radio', { name: 'Production' })).toBeChecked();
  await expect(modal.getByRole('button', { name: 'Create tenant' })).toHaveAttribute('aria-busy', 'true');
  await userEvent.keyboard('{Escape}');
  await expect(args.onClose).not.toHaveBeenCalled();
};

export const editing = stateStory(
  'editing',
  async ({ args }) => {
    const modal = within(await dialog());
    const name = modal.getByLabelText(/Tenant name/);
    await expect(modal.getByText('Tenant name is required.')).toBeVisible();
    await expect(modal.getByRole('radio', { name: 'Europe (EU)' })).toBeChecked();
    await expect(modal.getByRole('radio', { name: 'Development' })).toBeChecked();

    await userEvent.type(name, 'Acme');
    await userEvent.click(modal.getByRole('radio', { name: 'West US (US)' }));
    // The usage-purpose cards work from the keyboard.
    modal.getByRole('radio', { name: 'Development' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(modal.getByRole('radio', { name: 'Production' })).toBeChecked();
    await userEvent.click(modal.getByRole('button', { name: 'Create tenant' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT', draft: submitted });

    await userEvent.click(modal.getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
  { showErrors: true },
);

/** Plan selection replaces the form; closing it goes back to the form. */
export const selectingPlan = stateStory(
  'selectingPlan',
  async ({ args }) => {
    const plans = within(await screen.findByRole('dialog', { name: 'Choose a plan' }));
    await expect(screen.queryByRole('dialog', { name: 'Create tenant' })).toBeNull();
    await expect(plans.getByRole('button', { name: 'Create with Free' })).toBeEnabled();
    await userEvent.click(plans.getByRole('button', { name: 'Close' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'BACK' });
  },
  { draft: submitted },
);
export const planChosen = stateStory(
  'planChosen',
  async () => {
    const plans = within(await screen.findByRole('dialog', { name: 'Choose a plan' }));
    await expect(plans.getByRole('button', { name: 'Buy Pro' })).toHaveAttribute('aria-busy', 'true');
    await expect(screen.queryByRole('dialog', { name: 'Create tenant' })).toBeNull();
  },
  { draft: submitted },
);
/** The usage-purpose cards place their content alike: each label sits at the same place in its card. */
const alignsPurposeCards = async () => {
  const modal = within(await dialog());
  const [development, production] = ['Development', 'Production'].map((name) => {
    const card = modal.getByRole('radio', { name });
    const [box, label] = [card.getBoundingClientRect(), within(card).getByText(name).getBoundingClientRect()];
    const fromStart = getComputedStyle(card).direction === 'rtl' ? box.right - label.right : label.left - box.left;
    return { fromTop: Math.round(label.top - box.top), fromStart: Math.round(fromStart) };
  });
  await expect(development).toEqual(production);
};

export const creatingTenant = stateStory(
  'creatingTenant',
  async (context) => {
    await showsCreating(context);
    await alignsPurposeCards();
  },
  { draft: submitted },
);
export const created = stateStory('created', showsCreating, { draft: submitted, tenant: sampleTenant('acme1', { name: 'Acme' }) });
