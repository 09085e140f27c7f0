import { html } from 'hono/html';
import { acceptInvitationPath, consolePath } from '#schemas/constants.ts';
import type { Locale } from '#schemas/locales.ts';
import { mailDocument } from './document.ts';
import type { Mail } from './mailer.ts';
import { mailLocales } from './messages.ts';

/** The console page that accepts an invitation. */
export const acceptInvitationUrl = (publicUrl: string, invitationId: string) =>
  `${publicUrl}${consolePath}${acceptInvitationPath}/${encodeURIComponent(invitationId)}`;

export type InvitationMail = { to: string; invitationId: string; tenantName: string; inviter: string; locale: Locale };

export const invitationMail = (publicUrl: string, { to, invitationId, tenantName, inviter, locale }: InvitationMail): Mail => {
  const t = mailLocales[locale];
  const link = acceptInvitationUrl(publicUrl, invitationId);
  const intro = t.invitationIntro(inviter, tenantName);
  return {
    to,
    subject: t.invitationSubject(tenantName),
    text: [intro, '', `${t.invitationAction}: ${link}`, '', t.invitationExpiry, t.invitationIgnore].join('\n'),
    html: mailDocument(
      locale,
      html`<p>${intro}</p>
<p><a href="${link}">${t.invitationAction}</a></p>
<p>${t.invitationExpiry}<br />${t.invitationIgnore}</p>`,
    ),
  };
};
