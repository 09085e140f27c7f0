import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useConfig } from '#src/config.ts';
import { NotFound } from '#src/ui/NotFound.tsx';

// A file that is not there, as when a new release has replaced the console's files: the import fails like a stale chunk.
const Missing = lazy(() => import(/* @vite-ignore */ `${import.meta.env.BASE_URL}assets/missing-page.js`));

/** Development only (spec 02 §2): a page whose code fails to load, to see the error page it gets. */
export const Route = createFileRoute('/_console/$tenantId/internal/import-error')({
  component: function ImportErrorTest() {
    const { isDevMode } = useConfig();
    return isDevMode ? <Missing /> : <NotFound />;
  },
});
