import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import nodemailer from 'nodemailer';
import type { ConnectorFactory, ConnectorOutcome } from '../factory.ts';
import { connectorFetchTimeoutMs } from '../bounded-fetch.ts';
import { checkFormConfig, senderRules, text } from './form-config.ts';
import { logos } from './logos.ts';
import { messageFactoryInfo, ok } from './message-factory.ts';
import { messageText, templatesError, type TemplateOverride } from './message-text.ts';

const securityItems = [
  { value: 'STARTTLS', title: 'STARTTLS (usually port 587)' },
  { value: 'TLS', title: 'TLS (usually port 465)' },
  { value: 'none', title: 'None (local relays only)' },
];

const formItems = [
  { key: 'host', label: 'Host', type: 'Text', required: true, placeholder: 'smtp.example.com' },
  { key: 'port', label: 'Port', type: 'Number', required: true, defaultValue: 587, description: '587 with STARTTLS, 465 with TLS, 25 without encryption.' },
  { key: 'security', label: 'Security', type: 'Select', required: true, defaultValue: 'STARTTLS', selectItems: securityItems },
  {
    key: 'certificate',
    label: 'Trusted certificate',
    type: 'MultilineText',
    placeholder: '-----BEGIN CERTIFICATE-----',
    description: 'Only for a server whose certificate no public authority signed: its certificate, or its own authority’s, in PEM. Left empty, the public authorities are trusted.',
  },
  { key: 'username', label: 'Username', type: 'Text' },
  { key: 'password', label: 'Password', type: 'Text', isConfidential: true },
  { key: 'fromAddress', label: 'From address', type: 'Text', required: true, placeholder: 'no-reply@example.com' },
  { key: 'fromName', label: 'From name', type: 'Text', placeholder: 'Acme', description: 'No URLs.' },
  { key: 'replyTo', label: 'Reply-to', type: 'Text', placeholder: 'support@example.com' },
  {
    key: 'templates',
    label: 'Templates',
    type: 'Json',
    description: 'Optional: [{ "usageType": "SignIn", "locale": "en", "subject": "…", "content": "… {{code}} …" }]. Built-in texts cover every usage and language.',
  },
] as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notAnAddress = (value: string | undefined) => (value !== undefined && !emailPattern.test(value) ? ('email' as const) : undefined);

/** The hint a failed connection gets: the port and the security that usually go together (connectors.md §8). */
export const smtpHint = (port: number, security: string) => {
  if (port === 465 && security !== 'TLS') return 'Port 465 usually expects TLS: set Security to TLS.';
  if (port === 587 && security === 'TLS') return 'Port 587 usually expects STARTTLS: set Security to STARTTLS.';
  return 'Check the host and the port: 465 usually means TLS, 587 STARTTLS.';
};

/** Whether a text holds a certificate in PEM that parses. */
const isCertificate = (value: string) => {
  try {
    return /-----BEGIN CERTIFICATE-----/.test(value) && Boolean(new X509Certificate(value).subject);
  } catch {
    return false;
  }
};

type SmtpError = Error & { code?: string; originalCode?: string; command?: string; response?: string; responseCode?: number };

/** The TLS errors of a certificate the sender does not trust (node's codes, which nodemailer keeps as originalCode). */
const untrusted = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A failed send as a connector error: the server's reply when there is one, else the network error and the hint. */
const smtpFailure = (error: SmtpError, port: number, security: string): ConnectorOutcome<never> => {
  if (untrusted.has(error.originalCode ?? '')) {
    const message = `The SMTP server's certificate is not trusted: ${error.message} (${error.originalCode}). If the server uses a certificate of its own, paste it, or its authority's, in Trusted certificate.`;
    return { ok: false, error: { code: 'invalid_certificate', message } };
  }
  if (error.code === 'ETLS' && error.command === 'STARTTLS') {
    const message = `The SMTP server refused STARTTLS (it answered: ${error.response ?? error.message}), so nothing was sent. Set Security to TLS if the port expects TLS from the first byte, or to None for a local relay only.`;
    return { ok: false, error: { code: 'general', message } };
  }
  if (error.code === 'EAUTH') return { ok: false, error: { code: 'invalid_config', message: `The SMTP server refused the username or password: ${error.response ?? error.message}` } };
  if (error.response) return { ok: false, error: { code: 'general', message: `The SMTP server answered: ${error.response}` } };
  const network = error.code ? `${error.message} (${error.code})` : error.message;
  return { ok: false, error: { code: 'general', message: `${network}. ${smtpHint(port, security)}` } };
};

/** E-mail through the tenant's SMTP server (nodemailer), from the templates for each usage and language. */
export const smtpFactory: ConnectorFactory = {
  info: messageFactoryInfo('smtp', 'Email', logos.smtp, [...formItems]),
  checkConfig: (config) =>
    checkFormConfig(formItems, config, (checked) => ({
      port: Number.isInteger(checked.port) && Number(checked.port) >= 1 && Number(checked.port) <= 65_535 ? undefined : 'port',
      fromAddress: notAnAddress(text(checked, 'fromAddress')),
      replyTo: notAnAddress(text(checked, 'replyTo')),
      templates: templatesError(checked.templates),
      certificate: text(checked, 'certificate') && !isCertificate(text(checked, 'certificate')!) ? 'certificate' : undefined,
      ...senderRules(checked, 'fromName'),
    })),
  build: ({ config }) => {
    const port = Number(config.port);
    const security = String(config.security);
    const username = text(config, 'username');
    const certificate = text(config, 'certificate');
    const transport = nodemailer.createTransport({
      host: text(config, 'host'),
      port,
      secure: security === 'TLS',
      requireTLS: security === 'STARTTLS',
      ignoreTLS: security === 'none',
      // The admin's certificate is trusted besides the public authorities, never instead of checking.
      tls: certificate ? { ca: [...tls.rootCertificates, certificate] } : undefined,
      auth: username ? { user: username, pass: typeof config.password === 'string' ? config.password : '' } : undefined,
      connectionTimeout: connectorFetchTimeoutMs,
      greetingTimeout: connectorFetchTimeoutMs,
      socketTimeout: connectorFetchTimeoutMs,
    });
    const fromName = text(config, 'fromName');
    const fromAddress = text(config, 'fromAddress')!;
    return {
      send: async (message) => {
        const mail = messageText(message, (config.templates ?? []) as TemplateOverride[]);
        try {
          await transport.sendMail({ from: fromName ? { name: fromName, address: fromAddress } : fromAddress, replyTo: text(config, 'replyTo'), to: message.to, ...mail });
          return ok;
        } catch (error) {
          return smtpFailure(error as SmtpError, port, security);
        } finally {
          transport.close();
        }
      },
    };
  },
};
