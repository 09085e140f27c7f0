import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Locale } from '#schemas/locales.ts';
import { languageAttributes } from '../pages/layout.ts';

/** The HTML part of a mail, in its language and direction. */
export const mailDocument = (locale: Locale, body: HtmlEscapedString | Promise<HtmlEscapedString>) =>
  String(html`<!doctype html>
<html ${languageAttributes(locale)}><body>
${body}
</body></html>`);
