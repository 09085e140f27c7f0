import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { checkoutMachine, type CheckoutContext, type CheckoutState } from '../../machines/checkout.machine.ts';
import { CheckoutView } from '../../src/flows/checkout/CheckoutView.tsx';

/** One story per state of the checkout-start machine, named by its state path (spec 01 §4 checkout). */
const meta: Meta = {
  title: 'Flows/Checkout',
  parameters: { machine: checkoutMachine.id },
};

export default meta;
type Story = StoryObj;

const baseContext: CheckoutContext = { skuId: 'pro-2024-11', target: { tenantId: 'acme' } };

function stateStory(value: CheckoutState, play: Story['play'], context: Partial<CheckoutContext> = {}): Story {
  return {
    name: value,
    render: () => <CheckoutView state={checkoutMachine.resolveState({ value, context: { ...baseContext, ...context } })} />,
    play,
  };
}

export const creatingSession = stateStory('creatingSession', async ({ canvas }) => {
  await expect(await canvas.findByRole('status', { name: 'Starting checkout' })).toBeVisible();
});

export const redirecting = stateStory(
  'redirecting',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Opening the checkout page' })).toBeVisible();
  },
  { session: { state: 'aB3xY9', sessionId: 'cs_1', redirectUri: 'http://localhost/payments/checkout/cs_1' } },
);

export const failed = stateStory('failed', async ({ canvas }) => {
  await expect(await canvas.findByRole('alert')).toHaveTextContent('The checkout did not start. Try again.');
});
