import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { githubFactory, oidcFactory, sampleConnector } from '#tests/support/connector-samples.ts';
import { connectorsMeta, demo, github, mailbox, tenantB, type Args } from './connectors-console.ts';

/** The connectors list, the picker and the guide (connectors.md §1–3). Loading and error states are the kits'. */
const meta: Meta<Args> = { ...connectorsMeta, title: 'Pages/Connectors' };

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Passwordless: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Passwordless connectors' });
    await expect(within(table).getByRole('link', { name: /Dev mailbox/ })).toBeVisible();
    // The unset SMS slot offers its set-up.
    await expect(within(table).getByText('SMS connector')).toBeVisible();
    await expect(within(table).getByRole('link', { name: 'Set up' })).toHaveAttribute('href', '/console/acme/connectors/passwordless/create/Sms');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Connectors do nothing until the sign-in experience uses them.');
  },
};

export const NoticeDismissed: Story = {
  args: { preferences: { connectorSieNoticeConfirmed: true } },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Passwordless connectors' });
    await expect(canvas.queryByText(/Connectors do nothing/)).toBeNull();
  },
};

export const Social: Story = {
  args: { path: '/acme/connectors/social', connectors: [mailbox, github, tenantB, demo] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Social connectors' });
    await expect(within(table).getByRole('link', { name: /Tenant B/ })).toBeVisible();
    // A standard connector's type is its factory's name; demo rows are not links but can be deleted.
    await expect(within(table).getByText('OpenID Connect')).toBeVisible();
    await expect(within(table).queryByRole('link', { name: /Demo social/ })).toBeNull();
    await expect(within(table).getByRole('button', { name: 'Delete Demo social' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add social connector' })).toBeVisible();
  },
};

export const SocialEmpty: Story = {
  args: { path: '/acme/connectors/social', connectors: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No social connectors yet/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add social connector' })).toHaveAttribute('href', '/console/acme/connectors/social/create/Social');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const many = Array.from({ length: 12 }, (_, index) =>
  sampleConnector(`oidc${index}`, oidcFactory, { target: `provider-${index}`, metadata: { target: `provider-${index}`, name: { en: `Provider ${index}` } } }),
);

export const SocialFilter: Story = {
  args: { path: '/acme/connectors/social', connectors: many },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Social connectors' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name' }), 'Provider 11{Enter}');
    await expect(await within(table).findAllByRole('row')).toHaveLength(2);
  },
};

export const PickEmail: Story = {
  args: { path: '/acme/connectors/passwordless/create/Email' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Set up an e-mail connector' });
    await expect(await within(dialog).findByRole('radio', { name: /SMTP/ })).toBeVisible();
    await expect(within(dialog).queryByRole('radio', { name: /Dev SMS/ })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Dev mailbox/ }));
    await expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const PickSocial: Story = {
  args: { path: '/acme/connectors/social/create/Social', connectors: [github] },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Add social connector' });
    // GitHub is added already and the demo is not offered; the standard connectors have their own section.
    await expect(await within(dialog).findByRole('radio', { name: /OpenID Connect/ })).toBeVisible();
    await expect(within(dialog).getByRole('heading', { name: 'Standard connectors' })).toBeVisible();
    await expect(within(dialog).queryByRole('radio', { name: /GitHub/ })).toBeNull();
    await expect(within(dialog).queryByRole('radio', { name: /Demo/ })).toBeNull();
  },
};

export const GuideEmail: Story = {
  args: { path: '/acme/connectors/passwordless/guide/dev-mailbox' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Connector guide' });
    const readme = within(dialog).getByRole('region', { name: 'README' });
    // The README is Markdown; its HTML stays text.
    await expect(await within(readme).findByRole('link', { name: "the provider's docs" })).toHaveAttribute('href', 'https://example.com/docs');
    await expect(within(readme).getByText(/<script>/)).toBeVisible();
    await expect(within(dialog).getByRole('heading', { name: '1. Parameters' })).toBeVisible();
    await expect(within(dialog).getByRole('heading', { name: '2. Test' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and done' }));
    await expect(within(dialog).getByRole('textbox', { name: /Sender name/ })).toHaveAccessibleDescription(/Required/);
  },
};

export const GuideSocialTargetClash: Story = {
  args: { path: '/acme/connectors/social/guide/oidc', targetClash: 'Tenant B' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Connector guide' });
    await expect(await within(dialog).findByText(/^http:\/\/localhost:3001\/t\/acme\/callback\/[a-z0-9]{12}$/)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Tenant B again');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Target/ }), 'tenant-b');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Issuer/ }), 'http://localhost:3001/t/b/oidc');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'abc');
    await userEvent.type(within(dialog).getByLabelText(/^Client secret/), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and done' }));
    await expect(await within(dialog).findByText('The connector Tenant B already uses this target.')).toBeVisible();
  },
};

export const GuideQuotaExceeded: Story = {
  args: { path: `/acme/connectors/social/guide/${githubFactory.id}`, connectors: [], quotaExceeded: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Connector guide' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save and done' }));
    await expect(await within(dialog).findByText('Upgrade the plan to add more social connectors.')).toBeVisible();
  },
};
