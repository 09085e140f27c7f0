import type { ReactNode } from 'react';
import { NotFound } from '#src/ui/NotFound.tsx';
import { fitsTab, type ApplicationTabSegment } from './tabs.ts';
import { useApplication } from './useApplication.ts';

/** A tab that does not fit the app's type (roles of a single-page app) is not found, inside the layout. */
export function ApplicationTab({ segment, children }: { segment: ApplicationTabSegment; children: ReactNode }) {
  const { application } = useApplication();
  return fitsTab(application, segment) ? <>{children}</> : <NotFound />;
}
