import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { deliveryResendMachine } from '#machines/delivery-resend.machine.ts';
import { DeliveryResendView, type DeliveryResendViewProps } from '#src/flows/delivery-resend/DeliveryResendView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of a delivery's Resend (webhooks.md §7). */
type Args = Pick<DeliveryResendViewProps, 'send' | 'attemptLink'>;

const meta: Meta<Args> = {
  title: 'Flows/Delivery resend',
  parameters: { machine: deliveryResendMachine.id, layout: 'padded' },
  args: { send: fn(), attemptLink: (logId, label) => <a href={`#${logId}`}>{label}</a> },
};

export default meta;

const stateStory = stateStories(deliveryResendMachine, {}, (state, args: Args) => <DeliveryResendView state={state} {...args} />);

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Resend' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'RESEND' });
});

export const resending = stateStory('resending', async ({ canvas }) => {
  await expect(canvas.getByRole('button', { name: 'Resend' })).toHaveAttribute('aria-busy', 'true');
});

export const waiting = stateStory('waiting', async ({ canvas }) => {
  await expect(canvas.getByRole('status')).toHaveTextContent("Queued; waiting for the endpoint's answer…");
  await expect(canvas.getByRole('button', { name: 'Resend' })).toHaveAttribute('aria-busy', 'true');
});

export const delivered = stateStory(
  'delivered',
  async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('The endpoint answered the resent request with 200.');
    await expect(canvas.getByRole('link', { name: 'Open the new attempt' })).toHaveAttribute('href', '#log-4');
  },
  { attempt: { logId: 'log-4', result: 'Success', status: 200 } },
);

export const queued = stateStory('queued', async ({ canvas }) => {
  await expect(canvas.getByRole('status')).toHaveTextContent('The delivery is queued.');
  await expect(canvas.getByRole('button', { name: 'Resend' })).not.toHaveAttribute('aria-busy', 'true');
});

export const failed = stateStory(
  'failed',
  async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The delivery was not resent');
    await expect(alert).toHaveTextContent('The webhook is disabled.');
  },
  { error: { status: 422, body: { code: 'hook.disabled', message: 'The webhook is disabled.' } } },
);
