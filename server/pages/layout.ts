import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { expandHexColor } from '#schemas/application-branding.ts';
import { productName } from '#schemas/constants.ts';
import { webOrigins } from '#schemas/url.ts';
import { directionOf } from '#src/i18n/language.ts';
import type { Locale } from '#schemas/locales.ts';
import { defaultSignInExperience, type SignInExperience } from './experience.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** 128 random bits, base64: Web Crypto, so that the views also render in the browser (the sign-in flow's stories). */
export const createNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

/**
 * Headers of every server-rendered page; inline style and script only with the page's nonce. Forms post to this
 * server, and to `formOrigins`: a form's answer may redirect there (a sign-in ends at the app's redirect URI), which
 * browsers check against form-action too. Images come from this server and `imageOrigins` (an app's logo).
 */
export const pageSecurityHeaders = (nonce: string, formOrigins: string[] = [], imageOrigins: string[] = [], fontOrigins: string[] = []): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    ...(fontOrigins.length > 0 ? [['font-src', ...fontOrigins].join(' ')] : []),
    ["form-action 'self'", ...formOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});

/** The origin of an http(s) URI a page's form may be redirected to, or load an image from (see `pageSecurityHeaders`), as a list. */
export const redirectOrigins = (uri: unknown) => webOrigins(uri);

const styles = `
/* The system's light or dark mode: Canvas, CanvasText and Field follow color-scheme, the custom colours the media query. */
:root { color-scheme: light dark; --on-accent: #ffffff; --error: #c4002b; --border: #8c8c99; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
  background: light-dark(#f4f4f7, #0e0e12); color: CanvasText; }
main { width: min(100% - 2rem, 26rem); margin: 2rem 0; padding: 2rem; border: 1px solid var(--border); border-radius: 12px;
  background: Canvas; box-shadow: 0 8px 24px rgb(0 0 0 / 8%); }
@media (max-width: 30rem) { body { place-items: start stretch; background: Canvas; }
  main { width: 100%; margin: 0; padding: 2rem 1.25rem; border: 0; border-radius: 0; box-shadow: none; } }
h1 { font-size: 1.5rem; margin: 0 0 1.5rem; }
.logo { display: block; max-width: 100%; max-height: 3rem; margin: 0 0 1rem; }
.legal { display: flex; flex-wrap: wrap; gap: .25rem 1rem; justify-content: center; margin: 1.5rem 0 0; padding-top: 1rem;
  border-top: 1px solid light-dark(#e4e4ea, #2c2c34); font-size: .875rem; }
.field { display: grid; gap: .25rem; margin-bottom: 1rem; }
label { font-weight: 600; }
input { font: inherit; padding: .5rem .75rem; border: 1px solid var(--border); border-radius: 8px; background: Field; color: FieldText; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--error); }
.hint { margin: 0; font-size: .875rem; opacity: .8; }
.error { margin: 0; font-size: .875rem; color: var(--error); }
@media (prefers-color-scheme: dark) { :root { --error: #ff8a9a; --on-accent: #16092e; } }
button { width: 100%; font: inherit; font-weight: 600; padding: .625rem; border: 0; border-radius: 8px; background: var(--accent);
  color: var(--on-accent); cursor: pointer; }
.switch { margin: 1.5rem 0 0; text-align: center; }
a { color: var(--link); }
pre, a { white-space: pre-wrap; overflow-wrap: anywhere; }
.mailbox { padding: 0; list-style: none; }
main.wide { width: min(100% - 2rem, 42rem); }
h2 { font-size: 1.125rem; margin: 1.5rem 0 .5rem; }
dl.summary { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.5rem; }
dl.summary dt { font-weight: 600; }
dl.summary dd { margin: 0; }
table { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }
th, td { text-align: start; padding: .375rem .5rem; border-bottom: 1px solid var(--border); vertical-align: middle; }
td button { width: auto; padding: .25rem .75rem; }
.notice { padding: .5rem .75rem; border: 1px solid var(--accent); border-radius: 8px; }
.mailbox h2 { font-size: 1.125rem; margin: 1.5rem 0 .25rem; }
fieldset.choices { display: grid; gap: .75rem; margin: 0 0 .75rem; padding: 0; border: 0; }
fieldset.choices legend { font-weight: 600; margin-bottom: .75rem; }
button.secondary { background: transparent; color: var(--link); border: 1px solid var(--accent); }
.social { display: grid; gap: .75rem; margin: 0; }
.social img { width: 1.25rem; height: 1.25rem; vertical-align: middle; margin-inline-end: .5rem; }
.divider { margin: 1.25rem 0 .75rem; text-align: center; font-size: .875rem; }
`;

/** The root element's lang, and dir for a right-to-left language: for pages and mail alike. */
export const languageAttributes = (locale: Locale) => html`lang="${locale}"${directionOf(locale) === 'rtl' ? raw(' dir="rtl"') : ''}`;

const hexColor = /^#[\da-f]{6}$/i;

/** The relative luminance of a #rrggbb colour (WCAG 2). */
const luminance = (color: string) => {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(color.slice(at, at + 2), 16) / 255;
    return channel <= 0.039_28 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
};

/** White or near-black text on an accent, whichever reads better: a brand colour may be light or dark. */
const textOn = (accent: string) => {
  const light = luminance(accent);
  return (1.05 / (light + 0.05) >= (light + 0.05) / 0.05 ? '#ffffff' : '#111111');
};

/**
 * The accent colours as CSS variables, #rgb written #rrggbb; a colour that is not #rrggbb then gives way to the
 * product's. Without dark mode the page stays light whatever the system's scheme.
 */
const accentStyles = (color: SignInExperience['color'], darkMode: boolean) => {
  const product = defaultSignInExperience.color;
  const [primary, darkPrimary] = [expandHexColor(color.primary), expandHexColor(color.darkPrimary)];
  const light = hexColor.test(primary) ? primary : product.primary;
  const dark = hexColor.test(darkPrimary) ? darkPrimary : product.darkPrimary;
  // Links take the accent where it reads on the page (WCAG AA, 4.5:1), else the text colour.
  const lightLinks = 1.05 / (luminance(light) + 0.05) >= 4.5 ? light : 'CanvasText';
  const darkLinks = (luminance(dark) + 0.05) / (luminance('#121212') + 0.05) >= 4.5 ? dark : 'CanvasText';
  const lightStyles = `:root { --accent: ${light}; --on-accent: ${textOn(light)}; --link: ${lightLinks}; }`;
  return darkMode
    ? `${lightStyles} @media (prefers-color-scheme: dark) { :root { --accent: ${dark}; --on-accent: ${textOn(dark)}; --link: ${darkLinks}; } }`
    : `${lightStyles} :root { color-scheme: light; } @media (prefers-color-scheme: dark) { :root { --error: #c4002b; } }`;
};

/** The page's icons: the product's, or a brand's (its dark one in the dark scheme). */
const iconLinks = (icons: { light?: string; dark?: string } | undefined) =>
  icons?.light
    ? html`<link rel="icon" href="${icons.light}" ${icons.dark ? raw('media="(prefers-color-scheme: light)"') : ''} />${icons.dark
        ? html`<link rel="icon" href="${icons.dark}" media="(prefers-color-scheme: dark)" />`
        : ''}`
    : html`<link rel="icon" href="/console/favicon.svg" type="image/svg+xml" />`;

/** Custom CSS inside a style element: `</` would end the element, and CSS reads `<\/` as the same two characters. */
const styleText = (css: string) => css.replaceAll('</', '<\\/');

export const page = (options: {
  locale: Locale;
  title: string;
  nonce: string;
  body: Html;
  script?: string;
  wide?: boolean;
  color?: SignInExperience['color'];
  /** Whether the page follows the system's dark scheme (the default) or stays light. */
  darkMode?: boolean;
  icons?: { light?: string; dark?: string };
  /** A tenant's own CSS, after the base styles. */
  customCss?: string | null;
  /** Above the title and below the body: an app's logo and links. */
  header?: Html;
  footer?: Html;
}) => html`<!doctype html>
<html ${languageAttributes(options.locale)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    ${iconLinks(options.icons)}
    <title>${options.title} · ${productName}</title>
    <style nonce="${options.nonce}">${raw(styles)}${raw(accentStyles(options.color ?? defaultSignInExperience.color, options.darkMode ?? true))}</style>
    ${options.customCss ? html`<style nonce="${options.nonce}">${raw(styleText(options.customCss))}</style>` : ''}
  </head>
  <body>
    <main${options.wide ? raw(' class="wide"') : ''}>
      ${options.header ?? ''}
      <h1>${options.title}</h1>
      ${options.body}
      ${options.footer ?? ''}
    </main>
    ${options.script ? html`<script nonce="${options.nonce}">${raw(options.script)}</script>` : ''}
  </body>
</html>`;

export type FieldOptions = {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  inputMode?: 'numeric';
  value?: string;
  autocomplete: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
  required?: boolean;
  maxLength?: number;
};

/** A labelled input; its hint and error are tied to it with aria-describedby. */
export const field = (options: FieldOptions) => {
  const described = [options.hint ? `${options.id}-hint` : '', options.error ? `${options.id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
    <label for="${options.id}">${options.label}</label>
    ${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ''}
    <input id="${options.id}" name="${options.id}" type="${options.type ?? 'text'}" autocomplete="${options.autocomplete}"
      ${options.value === undefined ? '' : html`value="${options.value}"`} ${options.inputMode ? html`inputmode="${options.inputMode}"` : ''} ${options.maxLength ? html`maxlength="${options.maxLength}"` : ''}
      ${options.required ? raw('required') : ''} ${options.autofocus ? raw('autofocus') : ''}
      ${options.error ? raw('aria-invalid="true"') : ''} ${described ? html`aria-describedby="${described}"` : ''} />
    ${options.error ? html`<p class="error" id="${options.id}-error">${options.error}</p>` : ''}
  </div>`;
};
