import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { activateLocale } from '#src/i18n/activate.ts';
import { locales } from '#schemas/locales.ts';
import { sampleUser } from '#tests/support/user-samples.ts';
import { hasReadableWidth, isFullyShown, linesOf, placeholderFits } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { usersMeta as users, type Args } from './users-console.ts';

/** A user with a long name and e-mail, at phone width: the header, the tabs and the list fit. */
const email = 'alexandra.montgomerywhitfield@customersuccess.example.com';
const alexandra = sampleUser('u7r2k9x4m1q8w3z6t0y5v', { name: 'Alexandra Montgomery-Whitfield', primaryEmail: email, username: null });

const meta: Meta<Args> = {
  ...users,
  title: 'Pages/Users on a phone',
  globals: atPhoneWidth,
  args: { ...users.args, users: [alexandra] },
};

export default meta;
type Story = StoryObj<typeof meta>;

/** An e-mail too long for its line wraps between its parts (after "@", before "."), never mid-word. */
const wrapsBetweenParts = async (element: HTMLElement) => {
  const lines = linesOf(element);
  await expect(lines.length).toBeGreaterThan(1);
  for (let index = 1; index < lines.length; index++) await expect(lines[index - 1]!.endsWith('@') || lines[index]!.startsWith('.')).toBe(true);
};

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Users' });
    await expect(isFullyShown(within(table).getByText(email))).toBe(true);
    // The search box says what it searches by, whole, in every language.
    const search = canvas.getByRole<HTMLInputElement>('searchbox', { name: 'Search by id, e-mail, phone, username or name' });
    const cut: string[] = [];
    for (const locale of locales) {
      await activateLocale(locale);
      await new Promise(requestAnimationFrame);
      if (!placeholderFits(search)) cut.push(`${locale}: ${search.placeholder}`);
    }
    await activateLocale('en');
    await expect(cut).toEqual([]);
  },
};

export const Settings: Story = {
  args: { path: `/acme/users/${alexandra.id}/settings` },
  play: async ({ canvas }) => {
    const title = await canvas.findByRole('heading', { level: 1, name: 'Alexandra Montgomery-Whitfield' });
    await expect(hasReadableWidth(title)).toBe(true);
    await wrapsBetweenParts(canvas.getByText(email));
    for (const tab of within(canvas.getByRole('navigation', { name: 'User tabs' })).getAllByRole('link')) await expect(isFullyShown(tab)).toBe(true);
  },
};
