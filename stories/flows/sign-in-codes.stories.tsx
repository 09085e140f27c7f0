import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { codeRules, signInMeta, page, path, signInCode, stateStory, t, type Args } from './sign-in-page.tsx';

/**
 * The sign-in machine's verification-code states (machines/sign-in-code-states.ts), one story each, as in
 * sign-in.stories.tsx: the tenant's page of the state, at phone width, with the tenant's e-mail connector set up.
 */
const meta: Meta<Args> = { title: 'Flows/Sign-in codes', ...signInMeta };
export default meta;

const showsCode = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: t.codes.codeTitle })).toBeVisible();
  await expect(shown.getByText(t.codes.codeSentTo('ann@example.com'))).toBeVisible();
};

export const screensCode = stateStory(
  'screens.code',
  async (context) => {
    await showsCode(context);
    const { canvasElement, args, userEvent } = context;
    const shown = page(canvasElement);
    const code = shown.getByLabelText(t.codes.codeLabel);
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(shown.getByText(t.codes.codeMismatch)).toBeVisible();
    await expect(shown.getByText(t.codes.resendIn('0:45'))).toBeVisible();
    await expect(shown.getByRole('button', { name: t.codes.resendButton })).toBeDisabled();
    await userEvent.type(code, '123456');
    await userEvent.click(shown.getByRole('button', { name: t.flow.continueButton }));
    await expect(args.send).toHaveBeenCalledWith(path('code'), { code: '123456' });
    await userEvent.click(shown.getByRole('button', { name: t.codes.usePassword }));
    await expect(args.send).toHaveBeenCalledWith(path('code/password'), {});
  },
  { rules: codeRules, identifier: 'ann@example.com', code: signInCode, errors: { code: 'code_mismatch' } },
);
export const resendingCode = stateStory('resendingCode', showsCode, { rules: codeRules, code: signInCode });
export const verifyingCode = stateStory('verifyingCode', showsCode, { rules: codeRules, code: signInCode });
export const codeVerified = stateStory('codeVerified', showsCode, { rules: codeRules, code: signInCode });

const showsIdentifierFirst = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: 'Sign in to Shop' })).toBeVisible();
  await expect(shown.queryByLabelText(t.passwordLabel)).toBeNull();
  await expect(shown.getByRole('link', { name: t.codes.forgotPasswordLink })).toHaveAttribute('href', path('forgot-password'));
};

export const sendingCode = stateStory(
  'sendingCode',
  async (context) => {
    await showsIdentifierFirst(context);
    const { canvasElement, args, userEvent } = context;
    await userEvent.type(page(canvasElement).getByLabelText(t.emailLabel), 'ann@example.com');
    await userEvent.click(page(canvasElement).getByRole('button', { name: t.flow.continueButton }));
    await expect(args.send).toHaveBeenCalledWith(path('identifier'), { identifier: 'ann@example.com' });
  },
  { rules: codeRules },
);
export const codeNotSent = stateStory(
  'codeNotSent',
  async (context) => {
    await showsIdentifierFirst(context);
    await expect(page(context.canvasElement).getByRole('alert')).toHaveTextContent(t.codes.sendFailed);
  },
  { rules: codeRules, identifier: 'ann@example.com', errors: { code: 'send_failed' } },
);
export const accountRefused = stateStory(
  'accountRefused',
  async (context) => {
    await showsIdentifierFirst(context);
    await expect(page(context.canvasElement).getByText(t.codes.noAccount)).toBeVisible();
  },
  { rules: codeRules, identifier: 'ann@example.com', errors: { identifier: 'no_account' } },
);

export const screensForgotPassword = stateStory(
  'screens.forgotPassword',
  async ({ canvasElement, args, userEvent }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByRole('heading', { name: t.codes.forgotTitle })).toBeVisible();
    await expect(shown.getByText(t.identifierRequired)).toBeVisible();
    await userEvent.type(shown.getByLabelText(t.emailLabel), 'ann@example.com');
    await userEvent.click(shown.getByRole('button', { name: t.codes.sendCodeButton }));
    await expect(args.send).toHaveBeenCalledWith(path('forgot-password'), { identifier: 'ann@example.com' });
  },
  { rules: codeRules, errors: { identifier: 'required' } },
);

const showsNewPassword = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: t.codes.newPasswordTitle })).toBeVisible();
  await expect(shown.getByLabelText(t.codes.newPasswordLabel)).toHaveAttribute('autocomplete', 'new-password');
};
const resetCode = { ...signInCode, usage: 'ForgotPassword', accountId: 'u1' } as const;

export const screensNewPassword = stateStory(
  'screens.newPassword',
  async (context) => {
    await showsNewPassword(context);
    const { canvasElement, args, userEvent } = context;
    const shown = page(canvasElement);
    await expect(shown.getByText(t.password.too_short)).toBeVisible();
    await userEvent.type(shown.getByLabelText(t.codes.newPasswordLabel), 'Brand-New-Kettle-77');
    await userEvent.type(shown.getByLabelText(t.confirmPasswordLabel), 'Brand-New-Kettle-77');
    await userEvent.click(shown.getByRole('button', { name: t.codes.savePasswordButton }));
    await expect(args.send).toHaveBeenCalledWith(path('new-password'), { password: 'Brand-New-Kettle-77', confirmPassword: 'Brand-New-Kettle-77' });
  },
  { rules: codeRules, code: resetCode, errors: { password: { password: ['too_short'] } } },
);
export const resettingPassword = stateStory('resettingPassword', showsNewPassword, { rules: codeRules, code: resetCode });
