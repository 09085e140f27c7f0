// Replaced by the Storybook setup: the project that runs every story as a test in Chromium.
export const storiesProject = { test: { name: 'stories', include: ['tests/stories-placeholder/**/*.test.ts'] } };
