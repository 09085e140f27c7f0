import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { checkoutMachine } from '#machines/checkout.machine.ts';
import { planSelectionMachine, type PlanSelectionContext } from '#machines/plan-selection.machine.ts';
import { PlanSelectionView, type PlanSelectionViewProps } from '#src/flows/plan-selection/PlanSelectionView.tsx';
import { sampleSku } from '#tests/support/samples.ts';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the plan-selection machine, named by its state path (spec 01 §2 plan-selection modal). */
type Args = Pick<PlanSelectionViewProps, 'send' | 'onClose'>;

const meta: Meta<Args> = {
  title: 'Flows/Plan selection',
  parameters: { machine: planSelectionMachine.id, ...modalFlow('640px') },
  args: { send: fn(), onClose: fn() },
};

export default meta;
type Story = StoryObj<Args>;
type Play = NonNullable<Story['play']>;

const plans = [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)];
const baseContext: PlanSelectionContext = {
  target: { kind: 'newTenant', name: 'Shop', regionName: 'US' },
  freePlanAvailable: true,
  plans,
};
const startingCheckout = checkoutMachine.resolveState({
  value: 'creatingSession',
  context: { skuId: 'pro-2024-11', target: { tenantName: 'Shop', tenantTag: 'production', tenantRegionName: 'US' } },
});

const stateStory = stateStories(planSelectionMachine, baseContext, (state, { send, onClose }: Args) => (
  // The checkout's own state shows while the selection machine runs it.
  <PlanSelectionView state={state} send={send} onClose={onClose} checkout={state.matches('checkingOut') ? startingCheckout : undefined} />
));

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Choose a plan' }));
const card = (modal: Awaited<ReturnType<typeof dialog>>, name: string) => within(modal.getByRole('region', { name }));

/** While one plan's action runs, its button is busy, the other plans wait, and the modal does not close. */
const runs =
  (busy: string, waiting: string): Play =>
  async ({ args }) => {
    const modal = await dialog();
    await expect(modal.getByRole('button', { name: busy })).toHaveAttribute('aria-busy', 'true');
    await expect(modal.getByRole('button', { name: waiting })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  };

export const loadingPlans = stateStory(
  'loadingPlans',
  async () => {
    const modal = await dialog();
    await expect(modal.getByRole('status', { name: 'Loading plans' })).toBeVisible();
  },
  { plans: [] },
);

export const loadError = stateStory(
  'loadError',
  async ({ args }) => {
    const modal = await dialog();
    await expect(modal.getByRole('alert')).toHaveTextContent('The plans did not load');
    await expect(modal.getByRole('alert')).toHaveTextContent('Service unavailable');
    await userEvent.click(modal.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { plans: [], error: 'Service unavailable' },
);

export const choosing = stateStory(
  'choosing',
  async ({ args }) => {
    const modal = await dialog();
    const free = card(modal, 'Free');
    await expect(free.getByText('$0.00')).toBeVisible();
    await expect(free.getByText('50,000 monthly active users')).toBeVisible();
    await expect(free.getByText('1 machine-to-machine app')).toBeVisible();
    await expect(free.getByText('1 user role')).toBeVisible();
    await expect(free.getByText('1 permission per role')).toBeVisible();
    await expect(free.getByText('3 days of audit logs')).toBeVisible();
    for (const feature of ['Third-party apps', 'Multi-factor authentication', 'Enterprise SSO', 'Organizations']) {
      await expect(free.getByText(feature)).toHaveTextContent(`${feature} (not included)`);
    }
    await expect(free.queryByText('Most popular')).toBeNull();
    await expect(free.queryByRole('link', { name: 'View all features' })).toBeNull();
    // 3 free tenants already: free is disabled and says why.
    const createFree = free.getByRole('button', { name: 'Create with Free' });
    await expect(createFree).toBeDisabled();
    await expect(createFree).toHaveAccessibleDescription(/already have 3 or more tenants on the free plan/);

    const pro = card(modal, 'Pro');
    await expect(pro.getByText('Most popular')).toBeVisible();
    await expect(pro.getByText('$24.00')).toBeVisible();
    await expect(pro.getByText('per month')).toBeVisible();
    // As the Pro subscription tab: MFA, enterprise SSO and organizations are paid add-ons, and usage beyond is billed.
    for (const feature of ['Multi-factor authentication', 'Enterprise SSO', 'Organizations']) {
      await expect(pro.getByText(`${feature} (paid add-on)`)).toBeVisible();
    }
    await expect(pro.getByText('Usage beyond what is included is billed per unit.')).toBeVisible();
    await expect(free.queryByText('Usage beyond what is included is billed per unit.')).toBeNull();
    await expect(pro.getByRole('link', { name: 'View all features' })).toHaveAttribute('target', '_blank');
    await userEvent.click(pro.getByRole('button', { name: 'Buy Pro' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SELECT_PLAN', skuId: 'pro-2024-11' });
    await userEvent.click(modal.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
  { freePlanAvailable: false },
);

/** When one plan's description wraps to more lines, the cards' prices and buttons still sit at the same height. */
const keepsCardsLevel: Play = async () => {
  const modal = await dialog();
  const description = modal.getByText('For side projects and trying things out.');
  description.textContent = description.textContent.repeat(4);
  const top = (element: HTMLElement) => Math.round(element.getBoundingClientRect().top);
  await expect(top(modal.getByText('$0.00'))).toBe(top(modal.getByText('$24.00')));
  await expect(top(modal.getByRole('button', { name: 'Create with Free' }))).toBe(top(modal.getByRole('button', { name: 'Buy Pro' })));
};

export const creatingTenant = stateStory(
  'creatingTenant',
  async (context) => {
    await runs('Create with Free', 'Buy Pro')(context);
    await keepsCardsLevel(context);
  },
  { selectedSkuId: 'free' },
);

export const checkingOut = stateStory(
  'checkingOut',
  async (context) => {
    await runs('Buy Pro', 'Create with Free')(context);
    const modal = await dialog();
    await expect(modal.getByRole('status', { name: 'Starting checkout' })).toBeVisible();
  },
  { selectedSkuId: 'pro-2024-11' },
);

export const created = stateStory('created', runs('Create with Free', 'Buy Pro'), { selectedSkuId: 'free' });

export const redirecting = stateStory(
  'redirecting',
  async ({ args }) => {
    const modal = await dialog();
    await expect(modal.getByRole('button', { name: 'Upgrade to Pro' })).toHaveAttribute('aria-busy', 'true');
    await expect(modal.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
  { target: { kind: 'tenant', tenantId: 'acme', planId: 'free' }, selectedSkuId: 'pro-2024-11' },
);
