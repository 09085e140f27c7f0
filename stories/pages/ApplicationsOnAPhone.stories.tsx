import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleApplication, sampleSecret } from '#tests/support/application-samples.ts';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { applicationsMeta as applications, type Args } from './applications-console.ts';

/** A name, an id and URLs as long as people give them, at phone width: the header, the tables and the credentials fit. */
const longName = 'Customer self-service portal for enterprise subscriptions';
const m2m = sampleApplication('k3v9x2m8q7w1z5r4t6y0u', { name: longName, type: 'MachineToMachine' });
const spa = sampleApplication('spa4u8n2c6b0d3f7h1j5l', { name: `${longName} (web)`, type: 'SPA' });

const meta: Meta<Args> = {
  ...applications,
  title: 'Pages/Applications on a phone',
  globals: atPhoneWidth,
  args: {
    ...applications.args,
    applications: [m2m, spa],
    secrets: [sampleSecret('Default secret'), sampleSecret('Rotated for the 2027 audit', { valueHint: 'wxyz', expiresAt: '2099-01-01T00:00:00.000Z' })],
  },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Applications' });
    for (const badge of [within(table).getByText('Machine-to-machine'), within(table).getByText('Single-page app')]) await expect(isFullyShown(badge)).toBe(true);
    for (const id of [m2m.id, spa.id]) await expect(isFullyShown(within(table).getByText(id))).toBe(true);
    for (const copy of within(table).getAllByRole('button', { name: 'Copy App ID' })) await expect(isFullyShown(copy)).toBe(true);
  },
};

export const Settings: Story = {
  args: { path: `/acme/applications/${m2m.id}/settings` },
  play: async ({ canvas }) => {
    const title = await canvas.findByRole('heading', { level: 1, name: longName });
    await expect(hasReadableWidth(title)).toBe(true);
    await expect(isFullyShown(canvas.getByText('Machine-to-machine'))).toBe(true);
    // The id in the header and in the credentials, each with its copy button.
    for (const id of canvas.getAllByText(m2m.id)) await expect(isFullyShown(id)).toBe(true);
    const discovery = await canvas.findByText('http://localhost:3001/t/acme/oidc/.well-known/openid-configuration');
    await expect(isFullyShown(discovery)).toBe(true);
    for (const copy of canvas.getAllByRole('button', { name: /^Copy / })) await expect(isFullyShown(copy)).toBe(true);
    const secrets = await canvas.findByRole('table', { name: 'App secrets' });
    for (const cell of [within(secrets).getByText('Never'), within(secrets).getByRole('button', { name: 'Delete Rotated for the 2027 audit' })]) await expect(isFullyShown(cell)).toBe(true);
    for (const tab of within(canvas.getByRole('navigation', { name: 'Application tabs' })).getAllByRole('link')) await expect(isFullyShown(tab)).toBe(true);
  },
};

/** A list field's label ("Redirect URIs") is as heavy as the field labels around it, and starts where they start. */
export const ListFieldLabels: Story = {
  args: { path: `/acme/applications/${spa.id}/settings` },
  play: async ({ canvas }) => {
    const name = (await canvas.findByRole('textbox', { name: 'Application name' })).closest('.mantine-InputWrapper-root')!.querySelector('label')!;
    const legend = canvas.getByRole('group', { name: 'Redirect URIs' }).querySelector('legend')!;
    await expect(getComputedStyle(legend).fontWeight).toBe(getComputedStyle(name).fontWeight);
    await expect(legend.getBoundingClientRect().left).toBe(name.getBoundingClientRect().left);
  },
};
