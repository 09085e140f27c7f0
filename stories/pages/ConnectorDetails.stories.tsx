import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sampleConnector, smtpFactory } from '#tests/support/connector-samples.ts';
import { connectorsMeta, mailbox, tenantB, type Args } from './connectors-console.ts';

const smtp = sampleConnector('smtp1', smtpFactory, {
  usedBy: ['signIn', 'signUp'],
  config: { host: 'smtp.example.com', port: 587, security: 'starttls', auth: true, username: 'mailer', password: null, usages: ['SignIn'], headers: { 'X-Tag': 'acme' } },
});

/** A connector's details (connectors.md §4): header, form generated from the factory's items, test, delete. */
const meta: Meta<Args> = { ...connectorsMeta, title: 'Pages/Connector details', args: { ...connectorsMeta.args, connectors: [mailbox, smtp, tenantB] } };

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Every type of form item, a confidential value kept by the server, and a field shown by a switch. */
export const EveryFieldType: Story = {
  args: { path: '/acme/connectors/passwordless/smtp1' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'SMTP' })).toBeVisible();
    await expect(canvas.getByText('Used by sign-in and sign-up.')).toBeVisible();
    // The number, select and JSON controls load with the first form that has them.
    await expect(await canvas.findByRole('textbox', { name: /^Port/ })).toHaveValue('587');
    await expect(canvas.getByRole('textbox', { name: /^Host/ })).toHaveValue('smtp.example.com');
    await expect(await canvas.findByLabelText(/^Security/)).toHaveValue('STARTTLS');
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute('placeholder', 'Saved. Leave empty to keep it.');
    await expect(await canvas.findByRole('textbox', { name: /^Extra headers/ })).toHaveValue(JSON.stringify({ 'X-Tag': 'acme' }, null, 2));
    await userEvent.click(canvas.getByRole('switch', { name: 'Sign in to the server' }));
    await expect(canvas.queryByRole('textbox', { name: /^Username/ })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Unsaved changes' })).toBeVisible();
  },
};

export const TestSent: Story = {
  args: { path: '/acme/connectors/passwordless/mailbox1' },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Send a test e-mail to/ }), 'me@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('A test message was sent to me@example.com.');
  },
};

export const TestFailed: Story = {
  args: {
    path: '/acme/connectors/passwordless/smtp1',
    test: { code: 'connector.general', message: 'connect ECONNREFUSED 127.0.0.1:2526', details: { hint: 'Port 465 uses TLS; port 587 uses STARTTLS.' } },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Send a test e-mail to/ }), 'me@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('connector.general');
    await expect(alert).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:2526');
    await expect(alert).toHaveTextContent('Hint: Port 465 uses TLS; port 587 uses STARTTLS.');
  },
};

/**
 * The dialog an item of the header's menu opens, once the menu has gone: the accessibility check after the play
 * otherwise meets the menu mid-transition.
 */
const dialogFromMenu = async ({ canvas, canvasElement }: Parameters<NonNullable<Story['play']>>[0], item: string, dialog: string) => {
  await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
  await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: item }));
  const opened = await body(canvasElement).findByRole('dialog', { name: dialog });
  await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  return opened;
};

export const DeleteInUse: Story = {
  args: { path: '/acme/connectors/passwordless/smtp1' },
  play: async (context) => {
    const dialog = await dialogFromMenu(context, 'Delete', 'Delete connector');
    await expect(dialog).toHaveTextContent('SMTP is used by sign-in and sign-up.');
  },
};

/** A connector not in use is deleted without a warning. */
export const DeleteNotInUse: Story = {
  args: { path: '/acme/connectors/passwordless/mailbox1' },
  play: async (context) => {
    const dialog = await dialogFromMenu(context, 'Delete', 'Delete connector');
    await expect(dialog).toHaveTextContent('Delete Dev mailbox? This cannot be undone.');
    await expect(dialog).not.toHaveTextContent('is used by');
  },
};

export const ChangeConnector: Story = {
  args: { path: '/acme/connectors/passwordless/mailbox1' },
  play: async (context) => {
    await expect(await dialogFromMenu(context, 'Change e-mail connector', 'Set up an e-mail connector')).toBeVisible();
  },
};

export const Social: Story = {
  args: { path: '/acme/connectors/social/tenantb1' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Tenant B' })).toBeVisible();
    await expect(canvas.getByText('http://localhost:3001/t/acme/callback/tenantb1')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^Target/ })).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Check README' }));
    const drawer = await body(canvasElement).findByRole('dialog', { name: 'README' });
    await waitFor(() => expect(within(drawer).getByRole('heading', { name: 'Factory oidc' })).toBeVisible());
  },
};
