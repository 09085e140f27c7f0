import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createTestConsole, type ConsoleSetup } from '#tests/support/console.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { isCentredIn, isShownWhole, isWithinWindow, overlap, trailingLines } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

const demo = { id: 'demo-social', name: { en: 'Demo social' }, logo: '', logoDark: null, target: 'demo' };

/** The profile inside the real console: Acme is the current tenant, the e-mail and a social account are linked. */
const setup: ConsoleSetup = {
  edition: 'cloud',
  tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' }), sampleTenant('sandbox', { name: 'Sandbox' })],
  preferences: { defaultTenantId: 'acme' },
  me: {
    name: 'Ada Lovelace',
    primaryEmail: 'ada.lovelace@example.com',
    identities: { demo: { userId: 'demo-1', details: { email: 'demo1@demo.example' } } },
  },
  api: (client) => ({
    invitations: { ...client.invitations, listMyInvitations: async () => [] },
    profile: { ...client.profile, listSocialConnectors: async () => [demo] },
  }),
};

type Args = { path: string; me?: ConsoleSetup['me'] };

const meta: Meta<Args> = {
  title: 'Pages/Profile',
  args: { path: '/profile' },
  render: ({ path, me }) => createTestConsole(path, { ...setup, me: { ...setup.me, ...me } }).element,
  // Off in axe by default: a control's visible text must be part of its name (WCAG 2.5.3).
  parameters: { a11y: { config: { rules: [{ id: 'label-content-name-mismatch', enabled: true }] } } },
};

export default meta;
type Story = StoryObj<Args>;

/** The avatar's initial and colour. */
const avatarOf = (element: Element) => {
  const avatar = element.querySelector('.mantine-Avatar-placeholder');
  return { initial: avatar?.textContent, colour: avatar && getComputedStyle(avatar).backgroundColor };
};

const profilePlay: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const settings = canvas.getByRole('region', { name: 'Profile settings' });
  const linked = canvas.getByRole('region', { name: 'Linked accounts' });
  const values = [within(settings).getByText('Ada Lovelace'), within(linked).getByText('ada.lovelace@example.com'), await within(linked).findByText('demo1@demo.example')];
  for (const value of values) await expect(isShownWhole(value), value.textContent ?? '').toBe(true);
  // Cloud: the account sections (linked accounts, password, deletion) and no username.
  await expect(within(linked).getByText('Demo social')).toBeVisible();
  await expect(within(canvas.getByRole('region', { name: 'Password' })).getByText('Set')).toBeVisible();
  await expect(canvas.getByRole('region', { name: 'Delete account' })).toBeVisible();
  await expect(canvas.queryByRole('button', { name: 'Edit Username' })).toBeNull();
  await expect(overlap(within(settings).getByRole('button', { name: 'Upload image' }), settings.querySelector('.mantine-Avatar-root')!)).toBe(false);
  for (const card of canvas.getAllByRole('region')) await expect(trailingLines(card)).toEqual([]);

  const banner = canvas.getByRole('banner');
  await expect(within(banner).getByRole('button', { name: /^Current tenant:\s*Acme/ })).toBeVisible();
  for (const control of [...within(banner).getAllByRole('button'), ...within(banner).getAllByRole('link')])
    await expect(isWithinWindow(control), control.textContent ?? '').toBe(true);
  // One avatar rule (spec 01 §9) in the top bar and on the profile.
  await expect(avatarOf(within(banner).getByRole('button', { name: 'Ada Lovelace' }))).toEqual(avatarOf(settings));
};

export const Profile: Story = { play: profilePlay };

export const ProfileOnAPhone: Story = { globals: atPhoneWidth, play: profilePlay };

/**
 * Each action is named by its text, then its row's label, so its name begins with the text on screen in every language
 * (axe's label-content-name-mismatch, on above): Set in the e-mail row of a user without an e-mail.
 */
export const ProfileWithoutEmail: Story = {
  args: { me: { primaryEmail: null, hasPassword: false } },
  play: async ({ canvas }) => {
    const linked = await canvas.findByRole('region', { name: 'Linked accounts' });
    await expect(within(linked).getByRole('button', { name: 'Set E-mail sign-in' })).toBeVisible();
    await expect(await within(linked).findByRole('button', { name: 'Unlink Demo social' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set Password' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Name' })).toBeVisible();
  },
};

/** A page of the profile that is one form: a card of a form's width in the middle of the page. */
const formPagePlay = (heading: string): Story['play'] => async ({ canvas }) => {
  const card = (await canvas.findByRole('heading', { level: 1, name: heading })).closest('.mantine-Paper-root')!;
  await expect(isCentredIn(card, canvas.getByRole('main'))).toBe(true);
  await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(480);
};

export const ChangePassword: Story = { args: { path: '/profile/change-password' }, play: formPagePlay('Change password') };

export const LinkEmail: Story = { args: { path: '/profile/link-email' }, play: formPagePlay('Link e-mail') };

export const LinkEmailOnAPhone: Story = { ...LinkEmail, globals: atPhoneWidth };
