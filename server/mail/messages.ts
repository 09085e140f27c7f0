import type { PageLocale } from '../pages/messages.ts';

/** Text of the server's mail and of the dev mailbox page. `en` is complete. */
type MailMessages = {
  invitationSubject: (tenantName: string) => string;
  invitationIntro: (inviter: string, tenantName: string) => string;
  invitationAction: string;
  invitationExpiry: string;
  invitationIgnore: string;
  verificationSubject: (code: string) => string;
  verificationIntro: string;
  verificationExpiry: string;
  verificationIgnore: string;
  mailboxTitle: string;
  mailboxNotice: string;
  mailboxEmpty: string;
  mailboxTo: string;
  mailboxSent: string;
  mailboxLinks: string;
};

const en: MailMessages = {
  invitationSubject: (tenantName) => `You are invited to join ${tenantName} on Gatehouse`,
  invitationIntro: (inviter, tenantName) => `${inviter} invited you to join the tenant ${tenantName} on Gatehouse.`,
  invitationAction: 'Accept the invitation',
  invitationExpiry: 'The invitation expires in 7 days.',
  invitationIgnore: 'If you did not expect this invitation, you can ignore this e-mail.',
  verificationSubject: (code) => `${code} is your Gatehouse verification code`,
  verificationIntro: 'Enter this code in the Gatehouse console to verify your e-mail address:',
  verificationExpiry: 'The code expires in 10 minutes.',
  verificationIgnore: 'If you did not ask for this code, you can ignore this e-mail.',
  mailboxTitle: 'Development mailbox',
  mailboxNotice:
    'For local development only: this server keeps its mail here instead of sending it, because SMTP_URL is not set. Anyone who can reach this page can read it.',
  mailboxEmpty: 'No mail yet.',
  mailboxTo: 'To',
  mailboxSent: 'Sent',
  mailboxLinks: 'Links',
};

const de: MailMessages = {
  invitationSubject: (tenantName) => `Einladung zu ${tenantName} auf Gatehouse`,
  invitationIntro: (inviter, tenantName) => `${inviter} hat Sie zum Mandanten ${tenantName} auf Gatehouse eingeladen.`,
  invitationAction: 'Einladung annehmen',
  invitationExpiry: 'Die Einladung läuft in 7 Tagen ab.',
  invitationIgnore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  verificationSubject: (code) => `${code} ist Ihr Gatehouse-Bestätigungscode`,
  verificationIntro: 'Geben Sie diesen Code in der Gatehouse-Konsole ein, um Ihre E-Mail-Adresse zu bestätigen:',
  verificationExpiry: 'Der Code läuft in 10 Minuten ab.',
  verificationIgnore: 'Wenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  mailboxTitle: 'Entwicklungs-Postfach',
  mailboxNotice:
    'Nur für die lokale Entwicklung: Dieser Server legt seine E-Mails hier ab, statt sie zu senden, weil SMTP_URL nicht gesetzt ist. Wer diese Seite erreicht, kann sie lesen.',
  mailboxEmpty: 'Noch keine E-Mails.',
  mailboxTo: 'An',
  mailboxSent: 'Gesendet',
  mailboxLinks: 'Links',
};

export const mailLocales: Record<PageLocale, MailMessages> = { en, de };
