import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { activateLocale } from '#src/i18n/activate.ts';
import { sampleApplication, sampleSecret } from '#tests/support/application-samples.ts';
import { applicationsMeta as applications, type Args } from './applications-console.ts';

/** The console in another language than English: fields hold people's text in its own direction, names made by the server read in the reader's language. */
const meta: Meta<Args> = {
  ...applications,
  title: 'Pages/Applications in other languages',
  args: { ...applications.args, path: '/acme/applications/web1/settings', applications: [sampleApplication('web1', { name: 'Back office.', type: 'Traditional' })] },
};

export default meta;
type Story = StoryObj<typeof meta>;

const directionOf = (element: Element) => getComputedStyle(element).direction;

export const EnglishAndArabicTextInTheArabicConsole: Story = {
  play: async ({ canvas }) => {
    const name = await canvas.findByRole('textbox', { name: 'Application name' });
    const description = canvas.getByRole('textbox', { name: 'Description' });
    await userEvent.type(description, 'تطبيق المكتب.');
    await activateLocale('ar');
    await waitFor(() => expect(directionOf(document.body)).toBe('rtl'));
    await expect(directionOf(name), 'English name').toBe('ltr');
    await expect(directionOf(description), 'Arabic description').toBe('rtl');
  },
};

/** An empty field shows its placeholder in the console's direction; typed English turns it left to right. */
export const SearchInTheArabicConsole: Story = {
  args: { path: '/acme/applications' },
  play: async ({ canvas }) => {
    const search = await canvas.findByRole('searchbox', { name: 'Search by name, ID or description' });
    await activateLocale('ar');
    await waitFor(() => expect(directionOf(document.body)).toBe('rtl'));
    await expect(directionOf(search), 'empty').toBe('rtl');
    await userEvent.type(search, 'Back office.');
    await expect(directionOf(search), 'English').toBe('ltr');
  },
};

/** The secret the server made with the app is named in the reader's language; a secret someone named keeps its name. */
export const DefaultSecretInTheReadersLanguage: Story = {
  args: { secrets: [sampleSecret('Default secret'), sampleSecret('Rotated in 2027', { valueHint: 'wxyz' })] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'App secrets' });
    await within(table).findByText('Default secret');
    await activateLocale('de');
    await expect(await within(table).findByText('Standardgeheimnis')).toBeVisible();
    await expect(within(table).getByText('Rotated in 2027')).toBeVisible();
    await expect(within(table).queryByText('Default secret')).toBeNull();
  },
};
