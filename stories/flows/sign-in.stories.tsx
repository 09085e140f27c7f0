import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { socialSignInLocales } from '#server/pages/social-messages.ts';
import { signInMeta, page, path, rules, stateStory, t, type Args } from './sign-in-page.tsx';

/**
 * One story per state of the sign-in machine, named by its state path: the tenant's server-rendered page of that
 * state (server/pages/flow-views.ts), at phone width. A state that runs an effect shows the page its form was posted
 * from, as the browser does while it waits.
 * The code states are in sign-in-codes.stories.tsx.
 */
const meta: Meta<Args> = { title: 'Flows/Sign-in', ...signInMeta };
export default meta;

const socialText = socialSignInLocales.en;

const showsSignIn = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: 'Sign in to Shop' })).toBeVisible();
  await expect(shown.getByLabelText(t.identifierLabel)).toBeVisible();
};

export const start = stateStory('start', showsSignIn);
export const screens = stateStory('screens', showsSignIn);
export const verifyingPassword = stateStory('verifyingPassword', showsSignIn, { identifier: 'ann' });
export const verified = stateStory('verified', showsSignIn, { identifier: 'ann', accountId: 'u1' });

export const screensSignIn = stateStory(
  'screens.signIn',
  async ({ canvasElement, args, userEvent }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByText(t.invalidCredentials)).toBeVisible();
    await userEvent.type(shown.getByLabelText(t.passwordLabel), 'Tr4il-Mossy-Kettle');
    await userEvent.click(shown.getByRole('button', { name: t.signInButton }));
    await expect(args.send).toHaveBeenCalledWith(path('password'), { identifier: 'ann', password: 'Tr4il-Mossy-Kettle' });
    await expect(shown.getByRole('link', { name: t.toSignUp })).toHaveAttribute('href', path('register'));
    await userEvent.click(shown.getByRole('button', { name: socialText.continueWith('Tenant B') }));
    await expect(args.send).toHaveBeenCalledWith(path('social'), { target: 'tenant-b' });
  },
  { identifier: 'ann', errors: { password: 'credentials' } },
);

export const screensIdentifierSignIn = stateStory(
  'screens.identifierSignIn',
  async ({ canvasElement, args, userEvent }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByText(t.identifierRequired)).toBeVisible();
    await userEvent.type(shown.getByLabelText(t.emailLabel), 'ann@example.com');
    await userEvent.click(shown.getByRole('button', { name: t.flow.continueButton }));
    await expect(args.send).toHaveBeenCalledWith(path('identifier'), { identifier: 'ann@example.com' });
  },
  { firstScreen: 'identifierSignIn', rules: { ...rules, identifierStep: ['email'] }, errors: { identifier: 'required' } },
);

export const screensPassword = stateStory(
  'screens.password',
  async ({ canvasElement }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByDisplayValue('ann@example.com')).toHaveAttribute('readonly');
    await expect(shown.getByLabelText(t.passwordLabel)).toHaveAttribute('autofocus');
    await expect(shown.getByRole('link', { name: t.flow.useAnotherAccount })).toBeVisible();
  },
  { firstScreen: 'identifierSignIn', identifier: 'ann@example.com' },
);

const showsRegister = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: t.appSignUpTitle })).toBeVisible();
  await expect(shown.getByRole('checkbox', { name: t.flow.agreeToTerms })).toBeVisible();
};

export const screensRegister = stateStory(
  'screens.register',
  async (context) => {
    await showsRegister(context);
    const shown = page(context.canvasElement);
    await expect(shown.getByText(t.flow.termsRequired)).toBeVisible();
    await expect(shown.getByText(t.flow.signInNotAllowed)).toBeVisible();
  },
  { values: { email: 'ann@example.com' }, errors: { terms: 'required' }, notice: 'sign_in_not_allowed' },
);
export const creatingAccount = stateStory('creatingAccount', showsRegister, { values: { email: 'ann@example.com' } });

export const screensIdentifierRegister = stateStory(
  'screens.identifierRegister',
  async ({ canvasElement }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByRole('heading', { name: t.appSignUpTitle })).toBeVisible();
    await expect(shown.getByLabelText(t.identifierLabel)).toHaveValue('');
  },
  { firstScreen: 'identifierRegister' },
);

export const screensRateLimited = stateStory(
  'screens.rateLimited',
  async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(t.tooManyAttempts)).toBeVisible();
  },
  { identifier: 'ann', limited: 'signIn', errors: { password: 'too_many_attempts' } },
);

export const terms = stateStory(
  'terms',
  async ({ canvasElement, args, userEvent }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByRole('heading', { name: t.flow.termsTitle })).toBeVisible();
    await expect(shown.getByRole('link', { name: t.termsOfUse })).toHaveAttribute('href', 'https://shop.example.test/terms');
    await userEvent.click(shown.getByRole('button', { name: t.flow.continueButton }));
    await expect(args.send).toHaveBeenCalledWith(path('terms'), { decision: 'agree' });
  },
  { accountId: 'u1', rules: { ...rules, terms: 'Manual' } },
);

const showsProfile = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: t.flow.profileTitle })).toBeVisible();
  await expect(shown.getByLabelText(t.emailLabel)).toBeVisible();
};

export const profile = stateStory(
  'profile',
  async (context) => {
    await showsProfile(context);
    await expect(page(context.canvasElement).getByText(t.emailTaken)).toBeVisible();
  },
  { accountId: 'u1', missing: 'email', errors: { email: 'taken' } },
);
export const savingProfile = stateStory('savingProfile', showsProfile, { accountId: 'u1', missing: 'email' });

const showsConsent = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('heading', { name: t.consentTitle })).toBeVisible();
  await expect(shown.getByText('read:orders')).toBeVisible();
};

export const consent = stateStory(
  'consent',
  async (context) => {
    await showsConsent(context);
    await context.userEvent.click(page(context.canvasElement).getByRole('button', { name: t.authorizeButton }));
    await expect(context.args.send).toHaveBeenCalledWith(path('consent'), { decision: 'authorize' });
  },
  { prompt: 'consent' },
);
export const finishing = stateStory('finishing', showsConsent, { prompt: 'consent', result: { kind: 'consent', authorized: true } });
export const done = stateStory('done', showsConsent, { prompt: 'consent', redirectTo: 'https://shop.example.test/callback?code=1' });

export const error = stateStory('error', async ({ canvasElement, args, userEvent }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('alert')).toHaveTextContent(t.requestFailed);
  await userEvent.click(shown.getByRole('button', { name: t.flow.tryAgainButton }));
  await expect(args.send).toHaveBeenCalledWith(path('retry'), {});
});

const showsSocialButtons = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const shown = page(canvasElement);
  await expect(await shown.findByRole('button', { name: socialText.continueWith('Demo social') })).toBeVisible();
  await expect(shown.getByRole('button', { name: socialText.continueWith('Tenant B') })).toBeVisible();
};
const pending = { target: 'demo', connectorId: 'demo-a', state: 'uid.s1', secret: 'sealed' };

export const socialAuthorizing = stateStory('socialAuthorizing', showsSocialButtons, { socialTarget: 'demo' });
export const socialRedirect = stateStory('socialRedirect', showsSocialButtons, { socialTarget: 'demo', social: pending, redirectTo: 'https://provider.example.test/authorize' });
export const verifyingSocial = stateStory('verifyingSocial', showsSocialButtons, { socialTarget: 'demo', social: pending });

export const socialError = stateStory(
  'socialError',
  async ({ canvasElement, args, userEvent }) => {
    const shown = page(canvasElement);
    await expect(await shown.findByRole('heading', { name: socialText.errorTitle })).toBeVisible();
    await expect(shown.getByRole('alert')).toHaveTextContent(socialText.authorizationFailed);
    await expect(shown.getByText(socialText.providerSaid('access_denied: The user cancelled.'))).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: socialText.backToSignIn }));
    await expect(args.send).toHaveBeenCalledWith(path('retry'), {});
  },
  { socialTarget: 'demo', socialError: { code: 'connector.authorization_failed', message: 'access_denied: The user cancelled.' } },
);
