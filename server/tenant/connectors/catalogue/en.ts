import { en as formItems } from '../form-texts/en.ts';
import type { ConnectorTexts } from './texts.ts';

export const en: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Dev mailbox', description: "Keeps e-mail in the server's dev mailbox instead of sending it. For local use." },
    smtp: { name: 'SMTP', description: 'Sends e-mail through your own SMTP server.' },
    'http-email': { name: 'HTTP e-mail', description: 'Posts each e-mail as JSON to your endpoint, which sends it.' },
    'dev-sms': { name: 'Dev SMS outbox', description: "Keeps text messages in the server's dev SMS outbox instead of sending them. For local use." },
    'http-sms': { name: 'HTTP SMS', description: 'Posts each text message as JSON to your endpoint, which sends it.' },
  },
  templates: {
    SignIn: { subject: 'Your sign-in code', text: 'Your code to sign in is {{code}}. It expires in 10 minutes.' },
    Register: { subject: 'Your registration code', text: 'Your code to create your account is {{code}}. It expires in 10 minutes.' },
    ForgotPassword: { subject: 'Your password reset code', text: 'Your code to reset your password is {{code}}. It expires in 10 minutes.' },
    OrganizationInvitation: { subject: 'You are invited to join an organization', text: 'You are invited to join an organization. Accept the invitation here: {{link}}' },
    Generic: { subject: 'Your verification code', text: 'Your verification code is {{code}}. It expires in 10 minutes.' },
    UserPermissionValidation: { subject: 'Confirm it is you', text: 'Your code to confirm it is you is {{code}}. It expires in 10 minutes.' },
    BindNewIdentifier: { subject: 'Confirm your new address', text: 'Your code to link this address to your account is {{code}}. It expires in 10 minutes.' },
    MfaVerification: { subject: 'Your two-step verification code', text: 'Your two-step verification code is {{code}}. It expires in 10 minutes.' },
    BindMfa: { subject: 'Set up two-step verification', text: 'Your code to set up two-step verification is {{code}}. It expires in 10 minutes.' },
  },
  devSms: {
    title: 'Dev SMS outbox',
    notice: 'For local use only: these text messages were not sent. Set up a real SMS connector for production.',
    empty: 'No text messages yet.',
    to: 'To',
    from: 'From',
    sent: 'Sent',
  },
};
