/** The integration guides' ids, which the routes check: the guides themselves (./guides.ts) load with their pages. */
export const appGuideIds = ['spa-react', 'next', 'express', 'native-expo', 'm2m'] as const;

export type AppGuideId = (typeof appGuideIds)[number];

export const isAppGuideId = (id: unknown): id is AppGuideId => appGuideIds.some((guideId) => guideId === id);
