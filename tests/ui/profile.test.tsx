import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { UpdateMe } from '#schemas/profile.ts';
import type { Me } from '#schemas/user.ts';
import { ApiError } from '#src/api/errors.ts';
import { avatarColorOf, avatarPalette } from '#src/ui/UserAvatar.tsx';
import { sampleTenant } from '../support/samples.ts';
import { ProfileView } from '#src/pages/profile/ProfileView.tsx';
import { renderInConsole } from './render.tsx';
import { openConsole, signedInUserId } from './console.tsx';

// The cloud profile's sections and the error toast's details are their stories' (Pages/Profile, Pages/Profile edits).
afterEach(() => {
  cleanup();
  notifications.clean();
});

const me: Me = {
  id: signedInUserId, username: 'ada', primaryEmail: 'ada@example.com', primaryPhone: null, name: 'Ada', avatar: null,
  hasPassword: true, identities: { demo: { userId: 'demo-1', details: { email: 'demo1@demo.example' } } }, customData: {},
};
const demo = { id: 'demo-social', name: { en: 'Demo social', de: 'Demo-Social' }, logo: '', logoDark: null, target: 'demo' };

/** The self-hosted profile, its PATCH /me answered by `updateMe`. */
async function setup(updateMe: (patch: UpdateMe) => Promise<Me>) {
  const calls = { updateMe: vi.fn(updateMe) };
  const app = openConsole('/profile', {
    edition: 'self-hosted',
    tenants: [sampleTenant('default')],
    preferences: {},
    api: (client) => ({ profile: { ...client.profile, updateMe: calls.updateMe, listSocialConnectors: async () => [demo] } }),
  });
  // The test console's user, as the Me API would answer for this test.
  await app.store.load();
  app.store.replaceMe(me);
  return { app, calls };
}

test('avatar colours come from a 12-colour palette by first letter', () => {
  expect(avatarPalette).toHaveLength(12);
  expect(avatarColorOf('ada')).toBe(avatarColorOf('Anna'));
  expect(avatarColorOf('Ada')).not.toBe(avatarColorOf('Bob'));
  expect(avatarPalette).toContain(avatarColorOf(''));
});

test('self-hosted: profile settings with name and username, no account sections; the name edit validates and saves', async () => {
  const user = userEvent.setup();
  const { calls } = await setup(async (patch) => ({ ...me, name: 'Ada Lovelace', ...patch }));
  const settings = await screen.findByRole('region', { name: 'Profile settings' });
  expect(within(settings).getByText('Ada')).toBeTruthy();
  expect(within(settings).getByRole('button', { name: 'Edit Username' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Linked accounts' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Delete account' })).toBeNull();

  await user.click(within(settings).getByRole('button', { name: 'Edit Name' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit name' });
  const input = within(dialog).getByRole('textbox', { name: 'Name' });
  await user.clear(input);
  await user.keyboard('{Enter}');
  expect(await within(dialog).findByText('Name is required')).toBeTruthy();
  expect(calls.updateMe).not.toHaveBeenCalled();
  await user.type(input, 'Ada Lovelace{Enter}');
  await waitFor(() => expect(calls.updateMe).toHaveBeenCalledWith({ name: 'Ada Lovelace' }, expect.anything()));
  expect(await screen.findByText('Profile updated: Name')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(within(settings).getByText('Ada Lovelace')).toBeTruthy();
});

test('self-hosted: a taken username shows the server message in an alert and keeps the dialog open', async () => {
  const user = userEvent.setup();
  const taken = new ApiError('This username is already in use.', 422, { code: 'user.username_already_in_use', message: 'This username is already in use.' });
  await setup(async () => Promise.reject(taken));
  await user.click(await screen.findByRole('button', { name: 'Edit Username' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit username' });
  await user.clear(within(dialog).getByRole('textbox', { name: 'Username' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'bob{Enter}');
  expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'This username is already in use.');
});

test('self-hosted: a username that breaks the rule (spec 02 §5) shows the rule on the field and is not sent', async () => {
  const user = userEvent.setup();
  const { calls } = await setup(async (patch) => ({ ...me, ...patch }));
  await user.click(await screen.findByRole('button', { name: 'Edit Username' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit username' });
  const input = within(dialog).getByRole('textbox', { name: 'Username' });
  await user.clear(input);
  await user.type(input, '1ada{Enter}');
  const rule = 'A username starts with a letter or an underscore and has only letters, digits and underscores.';
  expect(await within(dialog).findByText(rule)).toBeTruthy();
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(calls.updateMe).not.toHaveBeenCalled();
  await user.clear(input);
  await user.type(input, '_ada_2{Enter}');
  await waitFor(() => expect(calls.updateMe).toHaveBeenCalledWith({ username: '_ada_2' }, expect.anything()));
});

test('while the user loads: a skeleton of 2 sections of 3 rows', () => {
  renderInConsole(<ProfileView me={undefined} showUsername showAccountSections connectors={[]} language="en" onEdit={() => {}} onChangePassword={() => {}} onChangeEmail={() => {}} />);
  expect(screen.getAllByTestId('profile-skeleton-section')).toHaveLength(2);
  expect(screen.getAllByTestId('profile-skeleton-row')).toHaveLength(6);
  for (const section of screen.getAllByTestId('profile-skeleton-section')) expect(within(section).getAllByTestId('profile-skeleton-row')).toHaveLength(3);
});
