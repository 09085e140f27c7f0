import { createContext, useContext } from 'react';
import { adminConsoleAppId, productVersion } from '../schemas/constants.ts';
import { runtimeConfigElementId, runtimeConfigGuard, type RuntimeConfig } from '../schemas/config.ts';

export type { RuntimeConfig } from '../schemas/config.ts';

/** Used when the server did not embed a config: the Vite dev server, Storybook and component tests. */
export const defaultRuntimeConfig: RuntimeConfig = {
  edition: import.meta.env.VITE_EDITION === 'cloud' ? 'cloud' : 'self-hosted',
  endpoint: typeof window === 'undefined' ? 'http://localhost:3001' : window.location.origin,
  appId: adminConsoleAppId,
  version: productVersion,
  releaseInfoUrl: '',
  isDevMode: import.meta.env.DEV,
};

/** Reads the runtime config the server embedded in index.html; falls back to the defaults when absent or invalid. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(runtimeConfigElementId)?.textContent;
  if (!text) return defaultRuntimeConfig;
  try {
    const parsed = runtimeConfigGuard.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultRuntimeConfig;
  } catch {
    return defaultRuntimeConfig;
  }
}

export const ConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig);
export const useConfig = () => useContext(ConfigContext);
