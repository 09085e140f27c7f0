import type { MailMessages } from '../mail/messages.ts';
import type { Messages } from '../pages/messages.ts';
import type { PaymentMessages } from '../payments/local/messages.ts';
import type { DemoSocialMessages } from '../social/demo-messages.ts';
import type { SocialSignInMessages } from '../pages/social-messages.ts';

/**
 * Every text the server renders, for one locale: its pages, mail, the demo social provider and the local payment
 * pages. Each locale gives every key; nothing falls back to English.
 */
export type ServerMessages = {
  pages: Messages;
  mail: MailMessages;
  demoSocial: DemoSocialMessages;
  socialSignIn: SocialSignInMessages;
  payments: PaymentMessages;
};
