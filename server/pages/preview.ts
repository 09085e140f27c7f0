import type { Locale } from '#schemas/locales.ts';
import type { SignInExperience } from './experience.ts';
import { pageLocales } from './messages.ts';
import { signInView, signUpView } from './views.ts';

export const previewScreens = ['sign_in', 'register'] as const;
export type PreviewScreen = (typeof previewScreens)[number];

/**
 * A tenant's sign-in page as its users would see it, from an experience that may not be saved (sign-in-experience.md
 * §10: the preview is the real page). Its forms go nowhere: the console shows it in a sandboxed frame that cannot
 * submit them.
 */
export const previewPage = (experience: SignInExperience, screen: PreviewScreen, locale: Locale, nonce: string) => {
  const messages = pageLocales[locale];
  const name = experience.app?.displayName;
  const context = {
    locale,
    nonce,
    messages,
    forms: { signIn: '#', signUp: '#', consent: '#' },
    titles: { signIn: name ? messages.signInToApp(name) : messages.appSignInTitle, signUp: messages.appSignUpTitle },
    experience,
  };
  return screen === 'register' ? signUpView(context) : signInView(context);
};
