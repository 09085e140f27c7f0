import { createActor } from 'xstate';
import { signInMachine } from '#machines/sign-in.machine.ts';
import type { Locale } from '#schemas/locales.ts';
import type { SignInExperience } from './experience.ts';
import { flowPage } from './flow-views.ts';
import { pageLocales } from './messages.ts';

export const previewScreens = ['sign_in', 'register'] as const;
export type PreviewScreen = (typeof previewScreens)[number];

/**
 * A tenant's sign-in page as its users would see it, from an experience that may not be saved (sign-in-experience.md
 * §10: the preview is the real page): the first screen a sign-in flow (machines/sign-in.machine.ts) opens with these
 * settings and `first_screen`, rendered as the live pages render it. Its forms go nowhere: the console shows it in a
 * sandboxed frame that cannot submit them.
 */
export const previewPage = (experience: SignInExperience, screen: PreviewScreen, locale: Locale, nonce: string) => {
  const messages = pageLocales[locale];
  const name = experience.app?.displayName;
  const context = {
    locale,
    nonce,
    messages,
    forms: { signIn: '#', signUp: '#', consent: '#' },
    paths: { identifier: '#', terms: '#', profile: '#', retry: '#', social: '#' },
    titles: { signIn: name ? messages.signInToApp(name) : messages.appSignInTitle, signUp: messages.appSignUpTitle },
    experience,
  };
  const flow = createActor(signInMachine, { input: { prompt: 'login', settings: experience.settings, params: { first_screen: screen } } });
  return flowPage(context, flow.getSnapshot());
};
