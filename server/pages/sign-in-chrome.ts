import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { isHttpUrl } from '#schemas/application-branding.ts';
import type { Locale } from '#schemas/locales.ts';
import type { AppPresentation, SignInExperience } from './experience.ts';
import { page, redirectOrigins } from './layout.ts';
import type { Messages } from './messages.ts';

/** A page of a sign-in: where its two forms post, their titles, and the experience it follows. */
export type ViewContext = {
  locale: Locale;
  nonce: string;
  messages: Messages;
  forms: { signIn: string; signUp: string; consent: string };
  titles: { signIn: string; signUp: string };
  experience: SignInExperience;
};

/** An http(s) URL as the URL parser writes it (no whitespace, so one srcset candidate), or undefined. */
const httpHref = (url: string | null | undefined) => (url && isHttpUrl(url) ? new URL(url).href : undefined);

/** The http(s) logos of an app's presentation. */
const logosOf = (app: AppPresentation | undefined) => {
  const [light, dark] = [httpHref(app?.logoUrl), httpHref(app?.darkLogoUrl)];
  return { light: light ?? dark, dark };
};

/** Where an app's logos come from, for the page's img-src. */
export const logoOrigins = (app: AppPresentation | undefined) => Object.values(logosOf(app)).flatMap(redirectOrigins);

/** An app's logo above the title (its dark one in the dark scheme), and its terms and privacy links below the form. */
const appParts = (t: Messages, app: AppPresentation | undefined) => {
  const logos = logosOf(app);
  const links = (
    [
      [httpHref(app?.termsOfUseUrl), t.termsOfUse],
      [httpHref(app?.privacyPolicyUrl), t.privacyPolicy],
    ] as const
  ).filter(([url]) => url);
  return {
    header: logos.light
      ? html`<picture>
          ${logos.dark ? html`<source srcset="${logos.dark}" media="(prefers-color-scheme: dark)" />` : ''}
          <img class="logo" src="${logos.light}" alt="${app?.displayName ?? ''}" />
        </picture>`
      : undefined,
    footer: links.length > 0 ? html`<p class="legal">${links.map(([url, label]) => html`<a href="${url}">${label}</a>`)}</p>` : undefined,
  };
};

/**
 * A page of a sign-in, in the look its experience gives it: the accent colours, the app's logo above the title and its
 * links below the content. The screens (views.ts) give only the title and the content.
 */
export const signInPage = ({ locale, nonce, messages: t, experience }: ViewContext, content: { title: string; body: HtmlEscapedString | Promise<HtmlEscapedString> }) =>
  page({ locale, nonce, color: experience.color, ...appParts(t, experience.app), ...content });
