import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { Meta } from '@storybook/react-vite';
import { fn, within } from 'storybook/test';
import { rulesOf } from '#machines/sign-in-flow.ts';
import { signInMachine, type SignInFlowContext, type SignInSnapshot } from '#machines/sign-in.machine.ts';
import { isLocale, sourceLocale } from '#schemas/locales.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { defaultSignInExperience } from '#server/pages/experience.ts';
import { flowPage, flowPaths } from '#server/pages/flow-views.ts';
import { pageLocales } from '#server/pages/messages.ts';
import type { ConsentRequest } from '#server/pages/sign-in-site.ts';
import type { SocialButton } from '#server/pages/social-effects.ts';
import { logos } from '#server/tenant/connectors/factories/social/readmes.ts';
import { useShownTheme } from '../../.storybook/story-run.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { ServerPage, shadowRootOf } from '../support/ServerPage.tsx';
import { stateStories, stateValueOf } from './state-story.tsx';

/** The sign-in flow's stories' shared page: the tenant's server-rendered page of a state (server/pages/flow-views.ts). */
export type Args = { send: (action: string, fields: Record<string, string>) => void; consent: ConsentRequest };

// Dark mode on, so the dark look shows the page's dark scheme.
export const settings = {
  ...defaultSignInExperienceSettings('cloud'),
  color: { ...defaultSignInExperienceSettings('cloud').color, isDarkModeEnabled: true },
  signUp: { identifiers: ['username', 'email'], password: true, verify: false },
  termsOfUseUrl: 'https://shop.example.test/terms',
  privacyPolicyUrl: 'https://shop.example.test/privacy',
  agreeToTermsPolicy: 'ManualRegistrationOnly',
} as const;
export const rules = rulesOf({
  settings: { ...settings, signUp: { ...settings.signUp, identifiers: [...settings.signUp.identifiers] }, socialSignInConnectorTargets: ['demo', 'tenant-b'] },
  params: {},
});
/** The tenant's social connectors, as the buttons show them. */
const socialButtons: SocialButton[] = [
  { target: 'demo', name: { en: 'Demo social' }, logo: '/social/demo/logo.svg', logoDark: '/social/demo/logo-dark.svg' },
  { target: 'tenant-b', name: { en: 'Tenant B', de: 'Mandant B' }, logo: logos.oidc, logoDark: null },
];
/** E-mail by code first (its password instead), with the tenant's e-mail connector: the code screens and forgot password. */
export const codeRules = rulesOf({
  settings: {
    ...settings,
    signUp: { identifiers: ['email'], password: true, verify: true },
    signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: false }] },
  },
  params: {},
  connectors: { email: true, sms: false },
});
/** When the shown code was sent: the page is shown 15 s later, so the resend waits 0:45. */
export const sentAt = Date.UTC(2026, 0, 1);
export const signInCode = { usage: 'SignIn', kind: 'email', identifier: 'ann@example.com', sentAt } as const;
export const base: SignInFlowContext = { prompt: 'login', rules, firstScreen: 'signIn', identifier: '', values: {}, errors: {}, agreed: false };
export const path = (step: string) => `/t/shop/sign-in/uid/${step}`;

/** The page a state shows: its own, or, while an effect runs, the one its form was posted from. */
const shownState: Record<string, string> = {
  start: 'screens.signIn',
  screens: 'screens.signIn',
  verifyingPassword: 'screens.signIn',
  verified: 'screens.signIn',
  creatingAccount: 'screens.register',
  savingProfile: 'profile',
  sendingCode: 'screens.signIn',
  codeNotSent: 'screens.signIn',
  accountRefused: 'screens.signIn',
  resendingCode: 'screens.code',
  verifyingCode: 'screens.code',
  codeVerified: 'screens.code',
  resettingPassword: 'screens.newPassword',
  finishing: 'consent',
  done: 'consent',
  // While the browser is at the provider, the page it left.
  socialAuthorizing: 'screens.signIn',
  socialRedirect: 'screens.signIn',
  verifyingSocial: 'screens.signIn',
};

const pathOf = (value: SignInSnapshot['value']): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${pathOf(child as SignInSnapshot['value'])}`)[0] ?? '';

export function SignInPage({ state, send, consent }: Args & { state: SignInSnapshot }) {
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
      paths: flowPaths(path),
      titles: { signIn: t.signInToApp('Shop'), signUp: t.appSignUpTitle },
      now: sentAt + 15_000,
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

/** The stories' state renderer, its page (the server's HTML in a shadow root) and the English text. */
export const stateStory = stateStories(signInMachine, base, (state, args: Args) => <SignInPage state={state} {...args} />);
export const page = (canvasElement: HTMLElement) => within(shadowRootOf(canvasElement));
export const t = pageLocales.en;

/** The stories' meta but their title (which CSF reads in each story file). */
export const signInMeta: Omit<Meta<Args>, 'title'> = {
  parameters: { machine: signInMachine.id, layout: 'fullscreen' },
  globals: atPhoneWidth,
  args: {
    send: fn(),
    consent: { applicationName: 'Partner app', oidcScopes: ['profile', 'email'], resources: [{ indicator: 'https://orders.example.test', name: 'Orders', scopes: [{ name: 'read:orders', description: 'Read your orders' }] }] },
  },
};
