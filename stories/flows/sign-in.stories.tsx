import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { Meta } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { rulesOf } from '#machines/sign-in-flow.ts';
import { signInMachine, type SignInFlowContext, type SignInSnapshot } from '#machines/sign-in.machine.ts';
import { isLocale, sourceLocale } from '#schemas/locales.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { defaultSignInExperience } from '#server/pages/experience.ts';
import { flowPage } from '#server/pages/flow-views.ts';
import { pageLocales } from '#server/pages/messages.ts';
import type { SocialButton } from '#server/pages/social-effects.ts';
import { socialSignInLocales } from '#server/pages/social-messages.ts';
import { logos } from '#server/tenant/connectors/factories/social/readmes.ts';
import type { ConsentRequest } from '#server/pages/sign-in-site.ts';
import { useShownTheme } from '../../.storybook/story-run.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { ServerPage, shadowRootOf } from '../support/ServerPage.tsx';
import { stateStories, stateValueOf } from './state-story.tsx';

/**
 * One story per state of the sign-in machine, named by its state path: the tenant's server-rendered page of that
 * state (server/pages/flow-views.ts), at phone width. A state that runs an effect shows the page its form was posted
 * from, as the browser does while it waits.
 */
type Args = { send: (action: string, fields: Record<string, string>) => void; consent: ConsentRequest };

// Dark mode on, so the dark look shows the page's dark scheme.
const settings = {
  ...defaultSignInExperienceSettings('cloud'),
  color: { ...defaultSignInExperienceSettings('cloud').color, isDarkModeEnabled: true },
  signUp: { identifiers: ['username', 'email'], password: true, verify: false },
  termsOfUseUrl: 'https://shop.example.test/terms',
  privacyPolicyUrl: 'https://shop.example.test/privacy',
  agreeToTermsPolicy: 'ManualRegistrationOnly',
} as const;
const rules = rulesOf({
  settings: { ...settings, signUp: { ...settings.signUp, identifiers: [...settings.signUp.identifiers] }, socialSignInConnectorTargets: ['demo', 'tenant-b'] },
  params: {},
});
/** The tenant's social connectors, as the buttons show them. */
const socialButtons: SocialButton[] = [
  { target: 'demo', name: { en: 'Demo social' }, logo: '/social/demo/logo.svg', logoDark: '/social/demo/logo-dark.svg' },
  { target: 'tenant-b', name: { en: 'Tenant B', de: 'Mandant B' }, logo: logos.oidc, logoDark: null },
];
const base: SignInFlowContext = { prompt: 'login', rules, firstScreen: 'signIn', identifier: '', values: {}, errors: {}, agreed: false };
const path = (step: string) => `/t/shop/sign-in/uid/${step}`;

/** The page a state shows: its own, or, while an effect runs, the one its form was posted from. */
const shownState: Record<string, string> = {
  start: 'screens.signIn',
  screens: 'screens.signIn',
  verifyingPassword: 'screens.signIn',
  verified: 'screens.signIn',
  creatingAccount: 'screens.register',
  savingProfile: 'profile',
  finishing: 'consent',
  done: 'consent',
  // While the browser is at the provider, the page it left.
  socialAuthorizing: 'screens.signIn',
  socialRedirect: 'screens.signIn',
  verifyingSocial: 'screens.signIn',
};

const pathOf = (value: SignInSnapshot['value']): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${pathOf(child as SignInSnapshot['value'])}`)[0] ?? '';

function SignInPage({ state, send, consent }: Args & { state: SignInSnapshot }) {
  const { i18n } = useLingui();
  const theme = useShownTheme() ?? 'light';
  const locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale;
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    const shown = shownState[pathOf(state.value)];
    const snapshot = shown ? (signInMachine.resolveState({ value: stateValueOf(shown), context: state.context }) as SignInSnapshot) : state;
    const t = pageLocales[locale];
    const context = {
      locale,
      nonce: 'story',
      messages: t,
      forms: { signIn: path('password'), signUp: path('register'), consent: path('consent') },
      paths: { identifier: path('identifier'), terms: path('terms'), profile: path('profile'), retry: path('retry'), social: path('social') },
      titles: { signIn: t.signInToApp('Shop'), signUp: t.appSignUpTitle },
      social: socialButtons,
      experience: {
        ...defaultSignInExperience,
        settings: { ...defaultSignInExperience.settings, ...settings, signUp: { ...settings.signUp, identifiers: [...settings.signUp.identifiers] } },
        app: { displayName: 'Shop', logoUrl: null, darkLogoUrl: null, termsOfUseUrl: null, privacyPolicyUrl: null },
      },
    };
    let current = true;
    void Promise.resolve(flowPage(context, snapshot, consent)).then((page) => current && setHtml(String(page)));
    return () => {
      current = false;
    };
  }, [state, locale, consent]);
  return html ? <ServerPage html={html} theme={theme} onSubmit={send} /> : null;
}

const meta: Meta<Args> = {
  title: 'Flows/Sign-in',
  parameters: { machine: signInMachine.id, layout: 'fullscreen' },
  globals: atPhoneWidth,
  args: {
    send: fn(),
    consent: { applicationName: 'Partner app', oidcScopes: ['profile', 'email'], resources: [{ indicator: 'https://orders.example.test', name: 'Orders', scopes: [{ name: 'read:orders', description: 'Read your orders' }] }] },
  },
};

export default meta;

const stateStory = stateStories(signInMachine, base, (state, args: Args) => <SignInPage state={state} {...args} />);
const page = (canvasElement: HTMLElement) => within(shadowRootOf(canvasElement));
const t = pageLocales.en;
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
