import { messagesOf } from '../i18n/catalog.ts';

/** Text of the server's mail and of the dev mailbox page. */
export type MailMessages = {
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

export const mailLocales = messagesOf('mail');
