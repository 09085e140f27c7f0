import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { body } from '../support/queries.ts';
import { isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { signInExperienceMeta, type Args } from './sign-in-experience-console.ts';

/** At phone width the preview goes below the form, and the tabs, the method rows and the preview fit the screen. */
const meta: Meta<Args> = { ...signInExperienceMeta, title: 'Pages/Sign-in experience on a phone', globals: atPhoneWidth };

export default meta;
type Story = StoryObj<Args>;

export const Branding: Story = {
  play: async ({ canvas }) => {
    await expect(isFullyShown(await canvas.findByRole('link', { name: 'Password policy' }))).toBe(true);
    await expect(isFullyShown(await canvas.findByTitle('Sign-in page preview'))).toBe(true);
  },
};

export const SignUpAndSignIn: Story = {
  args: { path: '/acme/sign-in-experience/sign-up-and-sign-in' },
  play: async ({ canvas }) => {
    await expect(isFullyShown(await canvas.findByRole('button', { name: 'Remove Username' }))).toBe(true);
  },
};

export const PasswordPolicy: Story = {
  args: { path: '/acme/sign-in-experience/password-policy' },
  play: async ({ canvas }) => {
    for (const name of ['Sample name', 'Sample username', 'Sample e-mail']) await expect(isFullyShown(await canvas.findByRole('textbox', { name }))).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Check breached passwords' }))).toBe(true);
  },
};

export const ManageLanguages: Story = {
  args: { path: '/acme/sign-in-experience/content', phrases: [{ languageTag: 'de-CH-1996', translation: { signInButton: 'Anmelden' } }] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage languages' }));
    const editor = within(await body(canvasElement).findByRole('dialog', { name: 'Languages of the sign-in pages' }));
    await userEvent.click(editor.getByRole('button', { name: /de-CH-1996/ }));
    await expect(isFullyShown(await editor.findByRole('textbox', { name: 'signInButton' }))).toBe(true);
    await expect(isFullyShown(editor.getByRole('button', { name: /de-CH-1996/ }))).toBe(true);
    await expect(isFullyShown(editor.getByRole('button', { name: 'Save phrases' }))).toBe(true);
  },
};
