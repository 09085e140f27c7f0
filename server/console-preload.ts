import { z } from 'zod';
import type { Locale } from '../schemas/locales.ts';

/** Written by the build beside index.html (vite.preload-manifest.ts). */
export const preloadManifestFile = 'preload.json';

const manifestGuard = z.object({
  firstScreenCatalog: z.string(),
  routes: z.array(z.object({ segments: z.array(z.string()), exact: z.boolean(), files: z.array(z.string()), catalog: z.string() })),
});
export type PreloadManifest = z.infer<typeof manifestGuard>;

/** The manifest in a file's text; undefined when it is not one (an older build, say): the page then names nothing. */
export const readPreloadManifest = (text: string | undefined): PreloadManifest | undefined => {
  if (text === undefined) return undefined;
  try {
    return manifestGuard.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
};

const matches = ({ segments, exact }: { segments: string[]; exact: boolean }, path: string[]) =>
  (exact ? segments.length === path.length : segments.length <= path.length) &&
  segments.every((segment, index) => segment.startsWith('$') || segment === path[index]);

const catalogFile = (key: string, locale: Locale) => `assets/messages-${key}-${locale}.js`;

/**
 * The built files a console URL's first screen needs besides the entry's, relative to the console's base: the code of
 * the routes matching `pathname` (below the base), their CSS, and the catalogs in `locale`, the language the browser
 * asks for (the console may start in another, stored one: then these catalogs are a few kB fetched for nothing).
 */
export function preloadsOf(manifest: PreloadManifest, pathname: string, locale: Locale): string[] {
  const path = pathname.split('/').filter(Boolean);
  const files = new Set([catalogFile(manifest.firstScreenCatalog, locale)]);
  for (const route of manifest.routes.filter((candidate) => matches(candidate, path))) {
    for (const file of route.files) files.add(file);
    if (route.catalog) files.add(catalogFile(route.catalog, locale));
  }
  return [...files];
}
