import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiGuideId } from '#src/pages/api-resources/guide-ids.ts';
import { ApiGuidePage } from '#src/pages/api-resources/ApiGuidePage.tsx';

/** A guide for one API, full screen (outside the details layout). */
export const Route = createFileRoute('/_console/$tenantId/api-resources/$id_/guide/$guideId')({
  beforeLoad: ({ params }) => {
    if (!isApiGuideId(params.guideId)) throw notFound();
  },
  component: ApiGuidePage,
});
