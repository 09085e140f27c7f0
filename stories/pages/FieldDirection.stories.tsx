import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { activateLocale } from '../../src/i18n/activate.ts';
import { sampleApplication } from '../../tests/support/application-samples.ts';
import applications, { type Args } from './Applications.stories.tsx';

/** Fields in the Arabic console: each reads in the direction of what was typed into it, not the console's. */
const meta: Meta<Args> = {
  ...applications,
  title: 'Pages/Field direction',
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
