import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { webhookTestMachine, type WebhookTestRequest } from '#machines/webhook-test.machine.ts';
import { WebhookTestView, type WebhookTestViewProps } from '#src/flows/webhook-test/WebhookTestView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of a webhook's test send (webhooks.md §3). */
type Args = Pick<WebhookTestViewProps, 'send' | 'request' | 'disabled'>;

const request: WebhookTestRequest = { url: 'https://crm.example.test/hooks', events: ['User.Created', 'User.Deleted'], headers: { 'x-tenant': 'acme' } };

const meta: Meta<Args> = {
  title: 'Flows/Webhook test',
  parameters: { machine: webhookTestMachine.id, layout: 'padded' },
  args: { send: fn(), request: () => request, disabled: false },
};

export default meta;

const stateStory = stateStories(webhookTestMachine, {}, (state, args: Args) => <WebhookTestView state={state} {...args} />);

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Send test payload' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'SEND', request });
});

export const sending = stateStory(
  'sending',
  async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send test payload' })).toHaveAttribute('aria-busy', 'true');
  },
  { request },
);

export const answered = stateStory(
  'answered',
  async ({ canvas }) => {
    const result = canvas.getByRole('status');
    await expect(result).toHaveTextContent('The endpoint accepted the test payload.');
    await expect(result).toHaveTextContent('https://crm.example.test/hooks');
    await expect(result).toHaveTextContent('42 ms');
  },
  { request, outcome: { kind: 'answered', durationMs: 42 } },
);

export const rejected = stateStory(
  'rejected',
  async ({ canvas }) => {
    const result = canvas.getByRole('alert');
    await expect(result).toHaveTextContent('The endpoint answered with an error.');
    await expect(result).toHaveTextContent('500');
    await expect(result).toHaveTextContent('{"error":"database unavailable"}');
  },
  { request, outcome: { kind: 'rejected', status: 500, body: '{"error":"database unavailable"}', durationMs: 61 } },
);

export const unreachable = stateStory(
  'unreachable',
  async ({ canvas }) => {
    const result = canvas.getByRole('alert');
    await expect(result).toHaveTextContent('The endpoint could not be reached.');
    await expect(result).toHaveTextContent('connect ECONNREFUSED 203.0.113.7:443');
  },
  { request, outcome: { kind: 'unreachable', message: 'connect ECONNREFUSED 203.0.113.7:443', durationMs: 3 } },
);

export const failed = stateStory(
  'failed',
  async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The test payload was not sent');
    await expect(alert).toHaveTextContent('hook.endpoint_not_allowed');
  },
  {
    request,
    error: { status: 400, body: { code: 'hook.endpoint_not_allowed', message: 'The endpoint resolves to a private address.' } },
  },
);
