import { html } from 'hono/html';
import type { Locale } from '#schemas/locales.ts';
import { mailDocument } from './document.ts';
import type { Mail } from './mailer.ts';
import { mailLocales } from './messages.ts';

export const verificationCodeMail = ({ to, code, locale }: { to: string; code: string; locale: Locale }): Mail => {
  const t = mailLocales[locale];
  return {
    to,
    subject: t.verificationSubject(code),
    text: [t.verificationIntro, '', code, '', t.verificationExpiry, t.verificationIgnore].join('\n'),
    html: mailDocument(
      locale,
      html`<p>${t.verificationIntro}</p>
<p><strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong></p>
<p>${t.verificationExpiry}<br />${t.verificationIgnore}</p>`,
    ),
  };
};
