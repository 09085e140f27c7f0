import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { checkoutMachine, type CheckoutContext } from '#machines/checkout.machine.ts';
import { CheckoutView } from '#src/flows/checkout/CheckoutView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the checkout-start machine, named by its state path (spec 01 §4 checkout). */
const meta: Meta = {
  title: 'Flows/Checkout',
  parameters: { machine: checkoutMachine.id },
};

export default meta;

const baseContext: CheckoutContext = { skuId: 'pro-2024-11', target: { tenantId: 'acme' } };

const stateStory = stateStories(checkoutMachine, baseContext, (state) => <CheckoutView state={state} />);

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
