import { createFileRoute } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { ApiResourcesPage } from '#src/pages/api-resources/ApiResourcesPage.tsx';
import { CreateApiResourceModal } from '#src/pages/api-resources/CreateApiResourceModal.tsx';
import { isApiGuideId } from '#src/pages/api-resources/guide-ids.ts';

/** The list with the create modal over it; `guide` (from a guide card) opens that guide once the API is created. */
export const Route = createFileRoute('/_console/$tenantId/api-resources/create')({
  validateSearch: (search: Record<string, unknown>) => ({ ...readListSearch(search), ...(isApiGuideId(search.guide) ? { guide: search.guide } : {}) }),
  component: function CreateApiResource() {
    const { guide, ...listSearch } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <ApiResourcesPage search={listSearch} />
        <CreateApiResourceModal guide={guide} onClose={() => void navigate({ to: '/$tenantId/api-resources', search: listSearch })} />
      </>
    );
  },
});
