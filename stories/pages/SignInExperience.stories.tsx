import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { demoSocialFactory, devMailboxFactory, githubFactory, sampleConnector } from '#tests/support/connector-samples.ts';
import { body } from '../support/queries.ts';
import { signInExperienceMeta, type Args } from './sign-in-experience-console.ts';

/** The sign-in experience's own states: each tab with the preview beside it, unsaved edits, the changes dialog and a conflict. */
const meta: Meta<Args> = { ...signInExperienceMeta, title: 'Pages/Sign-in experience' };

export default meta;
type Story = StoryObj<Args>;

const cloud = defaultSignInExperienceSettings('cloud');

export const Branding: Story = {
  args: { settings: { ...cloud, color: { ...cloud.color, isDarkModeEnabled: true }, branding: { logoUrl: 'https://acme.example.test/logo.svg' } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Brand colour' })).toHaveValue('#5d34f2');
    await expect(canvas.getByRole('textbox', { name: 'Dark brand colour' })).toBeVisible();
    await expect(await canvas.findByTitle('Sign-in page preview')).toHaveAttribute('sandbox', '');
    await expect(canvas.getByText('Dark', { exact: true })).toBeVisible();
    // Try it loads when opened, with the tenant's apps.
    await userEvent.click(canvas.getByRole('button', { name: 'Try it' }));
    const application = await canvas.findByRole('combobox', { name: 'Application' });
    await expect(await within(application).findByRole('option', { name: 'Storefront' })).toBeInTheDocument();
  },
};

export const UnsavedEdits: Story = {
  play: async ({ canvas, canvasElement }) => {
    const colour = await canvas.findByRole('textbox', { name: 'Brand colour' });
    await userEvent.clear(colour);
    await userEvent.type(colour, 'green');
    await expect(await canvas.findByRole('region', { name: 'Unsaved changes' })).toBeVisible();
    const tabs = within(canvas.getByRole('navigation', { name: 'Sign-in experience tabs' }));
    await expect(await tabs.findByRole('link', { name: 'Branding (1 invalid field)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Live preview' })).toBeDisabled();
    // The tabs share the form: switching keeps the edits, with no question on the way, and each tab counts its invalid fields.
    await userEvent.click(tabs.getByRole('link', { name: 'Content' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Terms of use URL' }), 'not a url');
    await expect(await tabs.findByRole('link', { name: 'Content (1 invalid field)' })).toBeVisible();
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
    await userEvent.click(tabs.getByRole('link', { name: /Branding/ }));
    await expect(await canvas.findByRole('textbox', { name: 'Brand colour' })).toHaveValue('green');
  },
};

export const SignUpAndSignIn: Story = {
  args: { path: '/acme/sign-in-experience/sign-up-and-sign-in' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/no e-mail or SMS connector, so e-mail and phone verification codes stay off/)).toBeVisible();
    await expect(canvas.getAllByRole('checkbox', { name: 'Verification code' })[0]).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove E-mail address' })).toBeDisabled();
    const hrefs = canvas.getAllByRole('link', { name: 'Connectors' }).map((link) => link.getAttribute('href'));
    await expect(hrefs.some((href) => href?.endsWith('/connectors/passwordless'))).toBe(true);
    await expect(hrefs.some((href) => href?.endsWith('/connectors/social'))).toBe(true);
  },
};

/** An e-mail connector allows e-mail codes (phone codes still wait for SMS); two social connectors, one already a button. */
export const WithConnectors: Story = {
  args: {
    path: '/acme/sign-in-experience/sign-up-and-sign-in',
    settings: { ...cloud, socialSignInConnectorTargets: ['github'] },
    connectors: [
      sampleConnector('mailbox1', devMailboxFactory),
      sampleConnector('github1', githubFactory),
      sampleConnector('demo1', demoSocialFactory),
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/no SMS connector, so phone verification codes stay off/)).toBeVisible();
    await expect(canvas.getAllByRole('checkbox', { name: 'Verification code' })[0]).toBeEnabled();
    const buttons = canvas.getByRole('group', { name: 'Social sign-in buttons, in the order the page shows them' });
    await expect(within(buttons).getByText('GitHub')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a social button' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Demo social' }));
    await expect(await within(buttons).findByRole('button', { name: 'Move Demo social up' })).toBeEnabled();
  },
};

export const ChangesToConfirm: Story = {
  args: { path: '/acme/sign-in-experience/sign-up-and-sign-in' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Sign-up identifier' }), 'username');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Save changes to how users sign in?' });
    await expect(within(dialog).getByText('Identifier: Username')).toBeVisible();
  },
};

export const Content: Story = {
  args: { path: '/acme/sign-in-experience/content', settings: { ...cloud, termsOfUseUrl: 'https://acme.example.test/terms', agreeToTermsPolicy: 'Manual' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('radiogroup', { name: 'Agreement to the terms' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /when they sign in and when they create an account/ })).toBeChecked();
  },
};

export const PasswordPolicyTester: Story = {
  args: { path: '/acme/sign-in-experience/password-policy' },
  play: async ({ canvas }) => {
    // The tester follows the draft policy: 13 characters, 3 kinds, a restricted word.
    const min = await canvas.findByRole('textbox', { name: 'Minimum length' });
    await userEvent.clear(min);
    await userEvent.type(min, '13');
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await userEvent.type(canvas.getByRole('combobox', { name: 'Restricted words' }), 'gatehouse{Enter}');
    await userEvent.type(canvas.getByLabelText('Password to test'), 'gatehouse12');
    const failed = await canvas.findByRole('list', { name: 'Failed rules' });
    await expect(failed).toBeVisible();
    await expect(within(failed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The password must have at least 13 characters.',
      'The password needs more kinds of characters (lowercase, uppercase, digits, symbols).',
      'The password contains a restricted word.',
    ]);
  },
};

export const SavedBySomeoneElse: Story = {
  args: { path: '/acme/sign-in-experience/content', conflict: true },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Support e-mail' }), 'help@acme.test');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByRole('alert', { name: /Someone else saved the sign-in experience/ })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Support e-mail' })).toHaveValue('help@acme.test');
  },
};

export const ManageLanguages: Story = {
  args: { path: '/acme/sign-in-experience/content', phrases: [{ languageTag: 'en', translation: { signInButton: 'Log in' } }] },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage languages' }));
    const editor = within(await body(canvasElement).findByRole('dialog', { name: 'Languages of the sign-in pages' }));
    await expect(await editor.findByRole('textbox', { name: 'signInButton' })).toHaveValue('Log in');
    // A language of the tenant's own, its phrases over the English text.
    await userEvent.type(editor.getByRole('textbox', { name: 'Add a language' }), 'nl-BE{Enter}');
    await expect(editor.getByRole('button', { name: /nl-BE/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.type(await editor.findByRole('textbox', { name: 'signInButton' }), 'Aanmelden');
    await userEvent.click(editor.getByRole('button', { name: /English/ }));
    await expect(await editor.findByRole('alert', { name: 'Discard the unsaved phrases?' })).toBeVisible();
    await userEvent.click(editor.getByRole('button', { name: 'Keep editing' }));
    await userEvent.click(editor.getByRole('button', { name: 'Save phrases' }));
    await expect(await editor.findByRole('button', { name: 'Delete phrases' })).toBeVisible();
    await expect(args.phrases).toContainEqual({ languageTag: 'nl-BE', translation: { signInButton: 'Aanmelden' } });
    // The fallback language's phrases stay: the server says why.
    await userEvent.click(editor.getByRole('button', { name: /English/ }));
    await userEvent.click(await editor.findByRole('button', { name: 'Delete phrases' }));
    const question = await editor.findByRole('alert', { name: /^Delete the custom phrases of English\?$/ });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete phrases' }));
    await expect(await editor.findByRole('alert', { name: "The fallback language's phrases cannot be deleted" })).toBeVisible();
  },
};
