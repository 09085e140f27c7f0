import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { isHttpUrl } from '#schemas/application-branding.ts';
import type { Locale } from '#schemas/locales.ts';
import type { SignInExperience } from './experience.ts';
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

/** A light and a dark image; the light one stands in when only the dark one is given. The dark one only with dark mode. */
const pair = (light: string | null | undefined, dark: string | null | undefined, darkMode: boolean) => {
  const [lightHref, darkHref] = [httpHref(light), darkMode ? httpHref(dark) : undefined];
  return { light: lightHref ?? darkHref ?? httpHref(dark), dark: darkHref };
};

/**
 * What a sign-in page shows of its brand (tenant-runtime.md §4): the app's logos and links over the tenant's, the
 * tenant's icons, support contacts and CSS.
 */
const brandOf = ({ settings, app }: SignInExperience) => {
  const darkMode = settings.color.isDarkModeEnabled;
  const appLogos = app && (app.logoUrl || app.darkLogoUrl) ? app : undefined;
  return {
    darkMode,
    logos: appLogos ? pair(appLogos.logoUrl, appLogos.darkLogoUrl, darkMode) : pair(settings.branding.logoUrl, settings.branding.darkLogoUrl, darkMode),
    icons: pair(settings.branding.favicon, settings.branding.darkFavicon, darkMode),
    termsOfUse: httpHref(app?.termsOfUseUrl ?? settings.termsOfUseUrl),
    privacyPolicy: httpHref(app?.privacyPolicyUrl ?? settings.privacyPolicyUrl),
    supportWebsite: httpHref(settings.supportWebsiteUrl),
    supportEmail: settings.supportEmail ?? undefined,
  };
};

/**
 * Where a sign-in page may load images and fonts from, for its CSP: any https origin (logos, and a custom CSS's
 * backgrounds and fonts), and the http origins of its logos and icons.
 */
export const brandSources = (experience: SignInExperience) => {
  const { logos, icons } = brandOf(experience);
  const images = ['https:', ...[logos.light, logos.dark, icons.light, icons.dark].flatMap(redirectOrigins).filter((origin) => origin.startsWith('http:'))];
  return { images: [...new Set(images)], fonts: experience.settings.customCss ? ['https:'] : [] };
};

/** The logo above the title (its dark one in the dark scheme), and the terms, privacy and support links below the content. */
const brandParts = (t: Messages, experience: SignInExperience) => {
  const brand = brandOf(experience);
  const links = (
    [
      [brand.termsOfUse, t.termsOfUse],
      [brand.privacyPolicy, t.privacyPolicy],
      [brand.supportWebsite, t.supportWebsite],
      [brand.supportEmail && `mailto:${brand.supportEmail}`, t.supportEmail],
    ] as const
  ).filter(([url]) => url);
  return {
    header: brand.logos.light
      ? html`<picture>
          ${brand.logos.dark ? html`<source srcset="${brand.logos.dark}" media="(prefers-color-scheme: dark)" />` : ''}
          <img class="logo gh-logo" src="${brand.logos.light}" alt="${experience.app?.displayName ?? ''}" />
        </picture>`
      : undefined,
    footer:
      links.length > 0
        ? html`<footer class="legal gh-footer">${links.map(([url, label]) => html`<a href="${url}">${label}</a>`)}</footer>`
        : undefined,
  };
};

/**
 * A page of a sign-in, in the look its experience gives it: the brand colours, light only or following the system,
 * the logo above the title and the links below the content, the brand's icons and custom CSS. The screens (views.ts)
 * give only the title and the content.
 */
export const signInPage = ({ locale, nonce, messages: t, experience }: Pick<ViewContext, 'locale' | 'nonce' | 'messages' | 'experience'>, content: { title: string; body: HtmlEscapedString | Promise<HtmlEscapedString> }) => {
  const { darkMode, icons } = brandOf(experience);
  return page({ locale, nonce, color: experience.color, darkMode, icons, customCss: experience.settings.customCss, ...brandParts(t, experience), ...content });
};
