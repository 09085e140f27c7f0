import type { Meta } from '@storybook/react-vite';
import type { Application } from '#schemas/application.ts';
import type { CustomPhrase } from '#schemas/custom-phrases.ts';
import { baseLocaleOf, pageLocales } from '#server/pages/messages.ts';
import { builtInPhrases } from '#server/pages/phrases.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { ApiClient } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createConnectorsApi, type ConsoleConnector } from '#src/api/management/connectors.ts';
import { createSignInExperienceApi } from '#src/api/management/sign-in-experience.ts';
import { sampleApplication } from '#tests/support/application-samples.ts';
import { answer, renderConsole, tenantEndpoint, type Answer } from '../support/fake-api.ts';

export const storefront = sampleApplication('spa1', {
  name: 'Storefront',
  type: 'SPA',
  oidcClientMetadata: { redirectUris: ['https://shop.example.test/callback', 'http://localhost:3000/callback'], postLogoutRedirectUris: [] },
});

export type Args = {
  path: string;
  settings: Answer<SignInExperienceSettings>;
  applications: Application[];
  /** PATCH answers that someone else saved since the page was opened. */
  conflict?: boolean;
  /** The tenant's custom phrases; the stories see what the editor PUTs and DELETEs in it. */
  phrases?: CustomPhrase[];
  /** The tenant's connectors: which code choices they allow, which social buttons can be added. */
  connectors?: ConsoleConnector[];
};

/** What the server renders for the preview: a small stand-in of the tenant's sign-in page in the draft's colour. */
const previewHtml = ({ settings }: { settings: SignInExperienceSettings }) => `<!doctype html>
<html lang="en"><head><title>Sign in to Acme</title><style>
:root { color-scheme: light dark; --brand: ${settings.color.primaryColor}; }
body { font: 16px system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
main { width: min(360px, 90vw); display: grid; gap: 12px; }
button { background: var(--brand); color: #fff; border: 0; border-radius: 6px; padding: 10px; font: inherit; }
input { padding: 10px; border: 1px solid GrayText; border-radius: 6px; font: inherit; }
</style></head><body><main><h1>Sign in to Acme</h1><label>E-mail address <input type="email"></label><button>Continue</button></main></body></html>`;

const fakeSignInExperience = (args: Args) => (client: ApiClient): Partial<ApiClient> => {
  let version = 1;
  let saved: SignInExperienceSettings | undefined;
  const phrases = args.phrases ?? [];
  return {
    signInExperience: {
      ...createSignInExperienceApi(client.tenant),
      getSignInExperience: async () => ({ settings: saved ?? (await answer(args.settings)), etag: `"${version}"` }),
      patchSignInExperience: async (_tenantId, patch) => {
        if (args.conflict) {
          throw new ApiError('conflict', 409, { code: 'sign_in_experiences.version_conflict', message: 'The sign-in experience was saved by someone else.' });
        }
        saved = { ...(saved ?? (await answer(args.settings))), ...patch } as SignInExperienceSettings;
        version += 1;
        return { settings: saved, etag: `"${version}"` };
      },
      checkPassword: async (_tenantId, password) => ({ codes: password === 'P@ssw0rd12345' ? ['pwned'] : [] }),
      preview: async (_tenantId, request) => previewHtml(request),
      listCustomPhrases: async () => structuredClone(phrases),
      builtInPhrases: async (_tenantId, languageTag) => {
        const locale = baseLocaleOf(languageTag);
        return { languageTag: locale, translation: builtInPhrases(pageLocales[locale]) };
      },
      putCustomPhrase: async (_tenantId, languageTag, translation) => {
        phrases.splice(0, phrases.length, ...phrases.filter((phrase) => phrase.languageTag !== languageTag), { languageTag, translation });
        return { languageTag, translation };
      },
      deleteCustomPhrase: async (_tenantId, languageTag) => {
        if (languageTag === (saved ?? (await answer(args.settings))).languageInfo.fallbackLanguage) {
          throw new ApiError('fallback', 409, { code: 'localization.cannot_delete_default_language', message: `${languageTag} is the fallback language.` });
        }
        phrases.splice(0, phrases.length, ...phrases.filter((phrase) => phrase.languageTag !== languageTag));
      },
    },
    connectors: { ...createConnectorsApi(client.tenant), listConnectors: async () => structuredClone(args.connectors ?? []) },
    applications: { ...createApplicationsApi(client.tenant), listApplications: async () => ({ items: args.applications, total: args.applications.length }) },
    ...tenantEndpoint(client),
  };
};

/** The sign-in experience inside the real console routes, with its API faked per story. */
export const signInExperienceMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeSignInExperience(args)),
  args: { path: '/acme/sign-in-experience/branding', settings: defaultSignInExperienceSettings('cloud'), applications: [storefront] },
};
