import { createFileRoute, notFound } from '@tanstack/react-router';
import { apiGuideOf } from '../../../../../../pages/api-resources/guides.ts';
import { ApiGuidePage } from '../../../../../../pages/api-resources/ApiGuidePage.tsx';

/** A guide for one API, full screen (outside the details layout). */
export const Route = createFileRoute('/_console/$tenantId/api-resources/$id_/guide/$guideId')({
  beforeLoad: ({ params }) => {
    if (!apiGuideOf(params.guideId)) throw notFound();
  },
  component: ApiGuidePage,
});
