import type { ConnectorFactoryInfo, FormItem } from '#schemas/connector.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';

const readme = (name: string) =>
  `# ${name}\n\nSet up **${name}** in three steps.\n\n1. Create an app at the provider.\n2. Copy its *client ID* and \`secret\`.\n3. Paste them here.\n\nSee [the provider's docs](https://example.com/docs).\n\n<script>alert('not run')</script>`;

/** A factory as GET /connector-factories answers it, for stories and UI tests. */
export const sampleFactory = (id: string, overrides: Partial<ConnectorFactoryInfo> = {}): ConnectorFactoryInfo => ({
  id,
  type: 'Email',
  target: id,
  platform: null,
  isStandard: false,
  isDemo: false,
  name: { en: `Factory ${id}` },
  description: { en: `Sends with ${id}.` },
  logo: '',
  logoDark: null,
  readme: readme(`Factory ${id}`),
  formItems: [],
  ...overrides,
});

/** Every type of form item (connectors.md §4.2), with a condition, a confidential text and a tooltip. */
export const everyFieldType: FormItem[] = [
  { key: 'host', label: 'Host', type: 'Text', required: true, placeholder: 'smtp.example.com', tooltip: 'The SMTP server name' },
  { key: 'port', label: 'Port', type: 'Number', required: true, defaultValue: 587 },
  {
    key: 'security',
    label: 'Security',
    type: 'Select',
    required: true,
    defaultValue: 'starttls',
    selectItems: [
      { value: 'none', title: 'None' },
      { value: 'starttls', title: 'STARTTLS' },
      { value: 'tls', title: 'TLS' },
    ],
  },
  { key: 'auth', label: 'Sign in to the server', type: 'Switch', defaultValue: true },
  { key: 'username', label: 'Username', type: 'Text', required: true, showConditions: [{ targetKey: 'auth', expectValue: true }] },
  { key: 'password', label: 'Password', type: 'Text', required: true, isConfidential: true, showConditions: [{ targetKey: 'auth', expectValue: true }] },
  { key: 'footer', label: 'Footer', type: 'MultilineText', description: 'Under every message.' },
  { key: 'usages', label: 'Usages', type: 'MultiSelect', required: true, selectItems: [{ value: 'SignIn' }, { value: 'Register' }, { value: 'ForgotPassword' }] },
  { key: 'headers', label: 'Extra headers', type: 'Json', defaultValue: {} },
];

export const devMailboxFactory = sampleFactory('dev-mailbox', {
  name: { en: 'Dev mailbox', fr: 'Boîte de développement' },
  description: { en: 'Writes messages to the dev mailbox of this server.' },
  formItems: [
    { key: 'senderName', label: 'Sender name', type: 'Text', required: true },
    { key: 'companyInformation', label: 'Company information', type: 'MultilineText' },
  ],
});
export const smtpFactory = sampleFactory('smtp', { name: { en: 'SMTP' }, description: { en: 'Sends through your SMTP server.' }, formItems: everyFieldType });
export const devSmsFactory = sampleFactory('dev-sms', { type: 'Sms', name: { en: 'Dev SMS outbox' }, formItems: [{ key: 'senderLabel', label: 'Sender label', type: 'Text', required: true }] });
export const demoSocialFactory = sampleFactory('demo-social', { type: 'Social', target: 'demo', platform: 'Universal', isDemo: true, name: { en: 'Demo social' }, formItems: [] });
export const githubFactory = sampleFactory('github', { type: 'Social', target: 'github', platform: 'Web', name: { en: 'GitHub' }, description: { en: 'Sign in with GitHub.' } });
export const oidcFactory = sampleFactory('oidc', {
  type: 'Social',
  target: '',
  platform: 'Universal',
  isStandard: true,
  name: { en: 'OpenID Connect' },
  description: { en: 'Any OpenID Connect provider.' },
  formItems: [
    { key: 'issuer', label: 'Issuer', type: 'Text', required: true },
    { key: 'clientId', label: 'Client ID', type: 'Text', required: true },
    { key: 'clientSecret', label: 'Client secret', type: 'Text', required: true, isConfidential: true },
  ],
});
export const sampleFactories = [devMailboxFactory, smtpFactory, devSmsFactory, demoSocialFactory, githubFactory, oidcFactory];

/** A saved connector of `factory`, as the management API answers it (confidential values `null`). */
export const sampleConnector = (id: string, factory: ConnectorFactoryInfo, overrides: Partial<ConsoleConnector> = {}): ConsoleConnector => ({
  id,
  connectorId: factory.id,
  type: factory.type,
  target: factory.target,
  platform: factory.platform,
  isStandard: factory.isStandard,
  isDemo: factory.isDemo,
  name: factory.name,
  logo: factory.logo,
  logoDark: factory.logoDark,
  readme: factory.readme,
  formItems: factory.formItems,
  syncProfile: false,
  config: {},
  metadata: {},
  usedBy: [],
  ...(factory.type === 'Social' ? { callbackUri: `http://localhost:3001/t/acme/callback/${id}` } : {}),
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});
