import { html } from 'hono/html';
import type { SignInSnapshot } from '#machines/sign-in.machine.ts';
import type { Locale } from '#schemas/locales.ts';
import type { SocialButton } from './social-effects.ts';
import { socialSignInLocales, type SocialSignInMessages } from './social-messages.ts';
import { signInPage, type ViewContext } from './sign-in-chrome.ts';
import { noticePart } from './views.ts';

/** The social part of a sign-in page: the connectors' buttons, and the page of a refused social sign-in. */
export type SocialPageContext = ViewContext & { paths: { social: string; retry: string }; social?: SocialButton[] };

/** A connector's name in the page's language, else English, else any it has. */
const nameIn = (name: Record<string, string>, locale: Locale) => name[locale] ?? name.en ?? Object.values(name)[0] ?? '';

/** Below a screen's form: "or", then one button per connector, each posting its target. */
export const socialButtonsPart = (context: SocialPageContext) => {
  const buttons = context.social ?? [];
  if (buttons.length === 0) return '';
  const t = socialSignInLocales[context.locale];
  const darkMode = context.experience.settings.color.isDarkModeEnabled;
  return html`<p class="divider">${t.or}</p>
    <form method="post" action="${context.paths.social}" class="social">
      ${buttons.map(
        (button) =>
          html`<button type="submit" name="target" value="${button.target}" class="secondary">
            <picture>${darkMode && button.logoDark ? html`<source srcset="${button.logoDark}" media="(prefers-color-scheme: dark)" />` : ''}<img src="${button.logo}" alt="" /></picture>${t.continueWith(nameIn(button.name, context.locale))}
          </button>`,
      )}
    </form>`;
};

/** What a refused social sign-in says, by its code (a connector's, or the sign-in's own). */
const problemText = (t: SocialSignInMessages, code: string, userSuspended: string) => {
  if (code === 'user.suspended') return userSuspended;
  if (code === 'user.identity_not_exist') return t.identityNotExist;
  if (code === 'social.invalid_state') return t.invalidState;
  if (code === 'connector.not_found') return t.notFound;
  if (code === 'connector.authorization_failed') return t.authorizationFailed;
  if (code === 'connector.rate_limit_exceeded') return t.rateLimited;
  if (code.startsWith('connector.social_')) return t.codeInvalid;
  return t.unavailable;
};

/** The page of `socialError`: what went wrong in the user's language, the provider's own words when it gave some, and the way back. */
export const socialErrorView = (context: SocialPageContext, snapshot: SignInSnapshot) => {
  const t = socialSignInLocales[context.locale];
  const problem = snapshot.context.socialError ?? { code: 'connector.general' };
  return signInPage(context, {
    title: t.errorTitle,
    body: html`${noticePart(problemText(t, problem.code, context.messages.userSuspended))}
      ${problem.message ? html`<p class="hint">${t.providerSaid(problem.message)}</p>` : ''}
      <form method="post" action="${context.paths.retry}"><button type="submit">${t.backToSignIn}</button></form>
      ${socialButtonsPart(context)}`,
  });
};

/** The HTTP status of a refused social sign-in: the sign-in's refusals 403, a throttled provider 429, any other problem 400. */
export const socialErrorStatus = (snapshot: SignInSnapshot) => {
  const code = snapshot.context.socialError?.code ?? '';
  if (code === 'user.suspended' || code === 'user.identity_not_exist') return 403;
  return code === 'connector.rate_limit_exceeded' ? 429 : 400;
};
