import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { checkoutSuccessMachine, type CheckoutSuccessContext } from '#machines/checkout-success.machine.ts';
import { CheckoutSuccessView } from '#src/flows/checkout-success/CheckoutSuccessView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the checkout-success machine, named by its state path (spec 01 §2 checkout-success callback). */
const meta: Meta = {
  title: 'Flows/Checkout success',
  parameters: { machine: checkoutSuccessMachine.id },
};

export default meta;
type Story = StoryObj;

const record = { state: 'aB3xY9', sessionId: 'cs_1' };
const baseContext: CheckoutSuccessContext = { queryState: 'aB3xY9', storedRecord: JSON.stringify(record), tenantIds: ['acme'], record };

const showsLoader =
  (label: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: label })).toBeVisible();
  };

const stateStory = stateStories(checkoutSuccessMachine, baseContext, (state) => <CheckoutSuccessView state={state} />);

const checking = 'Checking your purchase';
const completing = 'Purchase complete, opening your tenant';

export const checkingRecord = stateStory('checkingRecord', showsLoader('Redirecting'));
export const invalidRecord = stateStory('invalidRecord', showsLoader('Redirecting'), { storedRecord: '{"state":"aB3', record: undefined });
export const mismatch = stateStory('mismatch', showsLoader('Redirecting'), { queryState: 'zzzzzz' });
export const polling = stateStory('polling', showsLoader(checking));
export const pollingFetchingSession = stateStory('polling.fetchingSession', showsLoader(checking));
export const pollingFetchingSubscription = stateStory('polling.fetchingSubscription', showsLoader(checking), {
  session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' },
});
export const pollingWaiting = stateStory('polling.waiting', showsLoader(checking));
export const timedOut = stateStory('timedOut', showsLoader('Redirecting'));
export const completingState = stateStory('completing', showsLoader(completing), { session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' } });
export const completed = stateStory('completed', showsLoader(completing), { session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' } });
