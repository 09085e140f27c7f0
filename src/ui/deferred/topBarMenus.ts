import { loadOnce } from './useDeferred.ts';

/** The top bar's menus and tooltips, with Mantine's popover code, off the first screen. */
export const loadTopBarMenus = loadOnce(() => import('./top-bar-menus.ts'));
