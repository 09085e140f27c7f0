import { createFileRoute } from '@tanstack/react-router';
import { ApplicationsPage } from '#src/pages/applications/ApplicationsPage.tsx';
import { CreateApplicationModal } from '#src/pages/applications/create/CreateApplicationModal.tsx';
import { isAppGuideId } from '#src/pages/applications/guide-ids.ts';
import { readApplicationListSearch } from '#schemas/list-search/applications.ts';

/**
 * The list with the create modal over it. `guide` (a guide card) fixes the type and opens that guide once the app is
 * created; `thirdParty` (from the third-party tab) creates a third-party app.
 */
export const Route = createFileRoute('/_console/$tenantId/applications/create')({
  validateSearch: (search: Record<string, unknown>) => ({
    ...readApplicationListSearch(search),
    ...(isAppGuideId(search.guide) ? { guide: search.guide } : {}),
    ...(search.thirdParty === true || search.thirdParty === 'true' ? { thirdParty: true as const } : {}),
  }),
  component: function CreateApplication() {
    const { guide, thirdParty = false, ...listSearch } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <ApplicationsPage thirdParty={thirdParty} search={listSearch} />
        <CreateApplicationModal
          guide={guide}
          thirdParty={thirdParty}
          onClose={() => void navigate({ to: thirdParty ? '/$tenantId/applications/third-party-applications' : '/$tenantId/applications', search: listSearch })}
        />
      </>
    );
  },
});
