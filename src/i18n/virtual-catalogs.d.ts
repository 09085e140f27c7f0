/** The build's catalogs (vite.catalogs.ts). */
declare module 'virtual:gatehouse-catalogs' {
  import type { Messages } from '@lingui/core';

  /** The key of the catalog the first screen needs. */
  export const firstScreenCatalog: string;
  export function loadMessages(key: string, locale: string): Promise<Messages>;
}
