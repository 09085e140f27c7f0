import { lazyDialog } from './lazyDialog.tsx';

/** The help and contact dialog, loaded when first opened. */
export const LazyContactDialog = lazyDialog(() => import('./ContactDialog.tsx').then((module) => module.ContactDialog));
