import { notFound } from '@tanstack/react-router';
import type { RuntimeConfig } from '../config.ts';
import { hasFeature, type Feature } from '../edition.ts';

/** Routes of features the edition does not have do not exist: they are not found. */
export const requireFeature =
  (feature: Feature) =>
  ({ context }: { context: { config: RuntimeConfig } }) => {
    if (!hasFeature(context.config.edition, feature)) throw notFound();
  };

/** A tab segment outside the page's tabs is not found. */
export function requireTab(tabs: readonly string[], tab: string) {
  if (!tabs.includes(tab)) throw notFound();
}
