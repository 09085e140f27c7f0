import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  checkoutSuccessMachine,
  type CheckoutSuccessContext,
  type CheckoutSuccessState,
} from '../../machines/checkout-success.machine.ts';
import { CheckoutSuccessView } from '../../src/flows/checkout-success/CheckoutSuccessView.tsx';

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

/** `name` is the state path; `value` the state as the machine holds it. */
function stateStory(name: string, value: CheckoutSuccessState, label: string, context: Partial<CheckoutSuccessContext> = {}): Story {
  return {
    name,
    render: () => <CheckoutSuccessView state={checkoutSuccessMachine.resolveState({ value, context: { ...baseContext, ...context } })} />,
    play: showsLoader(label),
  };
}

const checking = 'Checking your purchase';
const completing = 'Purchase complete, opening your tenant';

export const checkingRecord = stateStory('checkingRecord', 'checkingRecord', 'Redirecting');
export const invalidRecord = stateStory('invalidRecord', 'invalidRecord', 'Redirecting', { storedRecord: '{"state":"aB3', record: undefined });
export const mismatch = stateStory('mismatch', 'mismatch', 'Redirecting', { queryState: 'zzzzzz' });
export const polling = stateStory('polling', { polling: 'fetchingSession' }, checking);
export const pollingFetchingSession = stateStory('polling.fetchingSession', { polling: 'fetchingSession' }, checking);
export const pollingFetchingSubscription = stateStory('polling.fetchingSubscription', { polling: 'fetchingSubscription' }, checking, {
  session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' },
});
export const pollingWaiting = stateStory('polling.waiting', { polling: 'waiting' }, checking);
export const timedOut = stateStory('timedOut', 'timedOut', 'Redirecting');
export const completingState = stateStory('completing', 'completing', completing, { session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' } });
export const completed = stateStory('completed', 'completed', completing, { session: { id: 'cs_1', status: 'complete', tenantId: 'acme', skuId: 'pro-2024-11' } });
