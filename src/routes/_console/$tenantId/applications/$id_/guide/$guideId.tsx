import { createFileRoute, notFound } from '@tanstack/react-router';
import { isAppGuideId } from '#src/pages/applications/guide-ids.ts';
import { AppGuidePage } from '#src/pages/applications/AppGuidePage.tsx';

/** A guide for one app, full screen (outside the details layout). */
export const Route = createFileRoute('/_console/$tenantId/applications/$id_/guide/$guideId')({
  beforeLoad: ({ params }) => {
    if (!isAppGuideId(params.guideId)) throw notFound();
  },
  component: AppGuidePage,
});
