/** The API guides' ids, which the routes check: the guides themselves (./guides.ts) load with their pages. */
export const apiGuideIds = ['node', 'any'] as const;

export type ApiGuideId = (typeof apiGuideIds)[number];

export const isApiGuideId = (id: unknown): id is ApiGuideId => apiGuideIds.some((guideId) => guideId === id);
