import { expect, test } from 'vitest';
import { apiGuideIds, isApiGuideId } from '#src/pages/api-resources/guide-ids.ts';
import { apiGuides } from '#src/pages/api-resources/guides.ts';
import { appGuideIds, isAppGuideId } from '#src/pages/applications/guide-ids.ts';
import { appGuides } from '#src/pages/applications/guides.ts';

test('the ids the routes accept are exactly the guides there are, in their order', () => {
  expect(apiGuides.map((guide) => guide.id)).toEqual([...apiGuideIds]);
  expect(appGuides.map((guide) => guide.id)).toEqual([...appGuideIds]);
  expect([isApiGuideId('node'), isApiGuideId('spa-react'), isAppGuideId('spa-react'), isAppGuideId('node'), isAppGuideId(undefined)]).toEqual([true, false, true, false, false]);
});
