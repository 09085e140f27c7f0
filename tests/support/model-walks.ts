import { describe, expect, it } from 'vitest';
import type { ModelWalk } from './model.ts';

/** What these helpers read of a walk's context (WalkContext). */
type Walked = { calls: unknown[]; events: readonly { type: string }[]; snapshot: { context: unknown } };

/** A machine's model tests: one per path, and one that fails on a state or transition no path reached or asserted. */
export function describeWalk(title: string, walk: ModelWalk) {
  describe(title, () => {
    for (const path of walk.paths) it(path.description, path.run);
    it('walks every state and transition, asserting each state', walk.assertComplete);
  });
}

/** A send-and-answer flow before its first request: nothing asked, nothing held. */
export function nothingAsked(walk: Walked) {
  expect(walk.calls).toEqual([]);
  expect(walk.snapshot.context).toEqual({});
}

/** The last event of `type` the walk sent, if any. */
export const lastEvent = <E>(walk: Walked, type: string) => walk.events.findLast((event) => event.type === type) as E | undefined;
