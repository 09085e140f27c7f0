import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { connectorTestMachine } from '#machines/connector-test.machine.ts';
import { ConnectorTestView, type ConnectorTestViewProps } from '#src/flows/connector-test/ConnectorTestView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the send-test flow of an e-mail or SMS connector (connectors.md §3, §4.1). */
type Args = Pick<ConnectorTestViewProps, 'send' | 'type' | 'config'>;

const meta: Meta<Args> = {
  title: 'Flows/Connector test',
  parameters: { machine: connectorTestMachine.id, layout: 'padded' },
  args: { send: fn(), type: 'Email', config: () => ({ senderName: 'Acme' }) },
};

export default meta;

const request = { to: 'me@example.com', config: { senderName: 'Acme' } };
const refused = {
  status: 400,
  body: { code: 'connector.general', message: 'Greeting never received (ETIMEDOUT) from 127.0.0.1:2526', details: { hint: 'Port 465 uses TLS; port 587 uses STARTTLS.' } },
};

const stateStory = stateStories(connectorTestMachine, {}, (state, args: Args) => <ConnectorTestView state={state} {...args} />);

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Send test' }));
  await expect(canvas.getByRole('textbox', { name: /Send a test e-mail to/ })).toHaveAccessibleDescription(/Enter an e-mail address\./);
  await expect(args.send).not.toHaveBeenCalled();
  await userEvent.type(canvas.getByRole('textbox', { name: /Send a test e-mail to/ }), 'me@example.com');
  await userEvent.click(canvas.getByRole('button', { name: 'Send test' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'SEND', request });
});

export const sending = stateStory(
  'sending',
  async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send test' })).toHaveAttribute('aria-busy', 'true');
  },
  { request },
);

export const sent = stateStory(
  'sent',
  async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('A test message was sent to me@example.com.');
  },
  { request },
);

export const failed = stateStory(
  'failed',
  async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('connector.general');
    await expect(alert).toHaveTextContent('Greeting never received (ETIMEDOUT) from 127.0.0.1:2526');
    await expect(alert).toHaveTextContent('Hint: Port 465 uses TLS; port 587 uses STARTTLS.');
  },
  { request, error: refused },
);
