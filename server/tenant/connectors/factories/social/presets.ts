import type { FormItem } from '#schemas/connector.ts';
import type { ConnectorFactory } from '../../factory.ts';
import { clientItems } from './form-items.ts';
import { checkAgainst, text } from './kit.ts';
import { checkOauth2Config, oauth2Connector, oauth2FormItems } from './oauth2.ts';
import { oidcConnector } from './oidc.ts';
import { logos, readmes } from './readmes.ts';
import { factoryTexts } from './texts.ts';

/**
 * Google, GitHub, Microsoft and Apple: the standard connectors with the provider's endpoints filled in and their own
 * guides (connectors.md §6). They need the internet, so they are tested only by their configuration.
 */

const presetInfo = (id: string, provider: string, logo: string, logoDark: string | null, formItems: FormItem[]) => ({
  id,
  type: 'Social' as const,
  target: id,
  platform: 'Universal' as const,
  isStandard: true,
  isDemo: false,
  ...factoryTexts.preset(provider),
  logo,
  logoDark,
  readme: readmes[id as keyof typeof readmes],
  formItems,
});

/** An OpenID Connect preset: the issuer (from the config's own fields) and how the client authenticates are fixed. */
const oidcPreset = (
  id: 'google' | 'microsoft' | 'apple',
  provider: string,
  logo: string,
  logoDark: string | null,
  preset: { scope: string; issuer: (config: Record<string, unknown>) => string; items?: FormItem[]; authParams?: Record<string, string> },
): ConnectorFactory => {
  const items: FormItem[] = [...(preset.items ?? []), ...clientItems(preset.scope), { key: 'extraAuthParams', label: 'Extra authorization parameters', type: 'Json', defaultValue: {} }];
  return {
    info: presetInfo(id, provider, logo, logoDark, items),
    checkConfig: (config) => checkAgainst(items, config),
    build: ({ config, fetch }) =>
      oidcConnector({
        fetch,
        config: {
          ...config,
          issuer: preset.issuer(config),
          tokenEndpointAuthMethod: 'client_secret_post',
          extraAuthParams: { ...(config.extraAuthParams as object | undefined), ...preset.authParams },
        },
      }),
  };
};

export const googleFactory = oidcPreset('google', 'Google', logos.google, null, { scope: 'openid profile email', issuer: () => 'https://accounts.google.com' });

export const microsoftFactory = oidcPreset('microsoft', 'Microsoft', logos.microsoft, null, {
  scope: 'openid profile email',
  issuer: (config) => `https://login.microsoftonline.com/${encodeURIComponent(text(config, 'directoryId'))}/v2.0`,
  items: [{ key: 'directoryId', label: 'Directory (tenant) ID', type: 'Text', required: true, placeholder: '00000000-0000-0000-0000-000000000000' }],
});

// Apple returns the name and e-mail scopes only with a form post to the callback.
export const appleFactory = oidcPreset('apple', 'Apple', logos.apple, logos.appleDark, {
  scope: 'openid name email',
  issuer: () => 'https://appleid.apple.com',
  authParams: { response_mode: 'form_post' },
});

const githubDefaults = {
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  userInfoEndpoint: 'https://api.github.com/user',
  tokenEndpointAuthMethod: 'client_secret_post',
};
const githubItems = oauth2FormItems({ scope: 'read:user user:email', profileMap: { id: 'id', email: 'email', name: 'name', avatar: 'avatar_url' } }).filter(
  (item) => !(item.key in githubDefaults),
);

export const githubFactory: ConnectorFactory = {
  info: presetInfo('github', 'GitHub', logos.github, logos.githubDark, githubItems),
  checkConfig: (config) => checkOauth2Config(githubItems)(config),
  build: ({ config, fetch }) => oauth2Connector({ fetch, config: { ...config, ...githubDefaults } }),
};
