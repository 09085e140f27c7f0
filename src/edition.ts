import type { Edition } from '../schemas/config.ts';
import { features, type EditionFeatures } from '../schemas/edition.ts';
import { useConfig } from './config.ts';

/**
 * Everything that differs between the editions is one table (schemas/edition.ts), shared with the server. Routes,
 * sidebar items and top-bar parts ask for a feature by name; nothing else looks at the edition.
 */
export type Feature = keyof EditionFeatures['console'] | 'multipleTenants' | 'quotas';

export const hasFeature = (edition: Edition, feature: Feature): boolean => {
  const table = features(edition);
  return feature === 'multipleTenants' || feature === 'quotas' ? table[feature] : table.console[feature];
};

export function useFeature(feature: Feature): boolean {
  return hasFeature(useConfig().edition, feature);
}
