import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { oidcFactory, sampleConnector } from '#tests/support/connector-samples.ts';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { connectorsMeta, mailbox, type Args } from './connectors-console.ts';

/** A standard connector with a long name, at phone width: the list, the details and the guide fit. */
const longName = 'Northwind Traders corporate identity provider (Asia-Pacific staff)';
const long = sampleConnector('k7n2p9x4w1q8z5t3y6v0', oidcFactory, {
  target: 'northwind-apac-staff',
  metadata: { target: 'northwind-apac-staff', name: { en: longName } },
  config: { issuer: 'https://login.northwind-traders.example/apac/oidc', clientId: 'northwind-console', clientSecret: null },
});

const meta: Meta<Args> = {
  ...connectorsMeta,
  title: 'Pages/Connectors on a phone',
  globals: atPhoneWidth,
  args: { ...connectorsMeta.args, connectors: [mailbox, long] },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const Social: Story = {
  args: { path: '/acme/connectors/social' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Social connectors' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};

export const Passwordless: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Passwordless connectors' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};

export const Details: Story = {
  args: { path: `/acme/connectors/social/${long.id}` },
  play: async ({ canvas }) => {
    await expect(hasReadableWidth(await canvas.findByRole('heading', { level: 1, name: longName }))).toBe(true);
    await expect(isFullyShown(canvas.getByText(long.id))).toBe(true);
  },
};

export const Guide: Story = {
  args: { path: '/acme/connectors/passwordless/guide/smtp' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Connector guide' });
    await expect(isFullyShown(await within(dialog).findByRole('button', { name: 'Save and done' }))).toBe(true);
  },
};
