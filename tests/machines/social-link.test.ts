import { expect } from 'vitest';
import { socialLinkMachine } from '#machines/social-link.machine.ts';
import type { Me } from '#schemas/user.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof socialLinkMachine>;
type Event = ModelEvent<typeof socialLinkMachine>;

const unlinked = { name: 'Ada', identities: {} } as unknown as Me;
const failed = new Error('Service unavailable');

const events: Event[] = [
  { type: 'LINK', connectorId: 'demo-social' },
  { type: 'UNLINK', connectorId: 'demo-social' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.createAuthorizationUri', output: 'http://localhost/demo-social/authorize?state=abcdefgh' },
  { type: 'xstate.error.actor.createAuthorizationUri', error: failed },
  { type: 'xstate.done.actor.unlink', output: unlinked },
  { type: 'xstate.error.actor.unlink', error: failed },
];

const drivers = { LINK: sendEvent, UNLINK: sendEvent, CONFIRM: sendEvent, CANCEL: sendEvent } satisfies EventDrivers<typeof socialLinkMachine>;
const lastEvent = (walk: Walk) => walk.events.at(-1);

const walk = createModelWalk({
  machine: socialLinkMachine,
  scenarios: { profile: undefined },
  events,
  drivers,
  states: {
    idle: (walk) => {
      const last = lastEvent(walk);
      expect(walk.snapshot.context.connectorId).toBeUndefined();
      if (last?.type === 'xstate.done.actor.createAuthorizationUri') expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'navigatePopup', value: last.output });
      if (last?.type === 'xstate.error.actor.createAuthorizationUri') expect(walk.calls.at(-1)).toMatchObject({ kind: 'action', name: 'abandonPopup' });
      if (last?.type === 'xstate.done.actor.unlink') expect(walk.calls.at(-1)).toEqual({ kind: 'action', name: 'notifyUnlinked', value: unlinked });
      if (last?.type === 'xstate.error.actor.unlink') expect(walk.callsOf('notifyUnlinked')).toHaveLength(0);
      if (last?.type === 'CANCEL') expect(walk.callsOf('unlink')).toHaveLength(0);
    },
    authorizing: (walk) => {
      // The connector is stored and the popup opened within the click, before the URI request.
      expect(walk.calls.slice(-2)).toEqual([
        { kind: 'action', name: 'openPopup', value: 'demo-social' },
        { kind: 'actor', name: 'createAuthorizationUri', value: { connectorId: 'demo-social' } },
      ]);
    },
    confirmingUnlink: (walk) => {
      expect(walk.snapshot.context.connectorId).toBe('demo-social');
      expect(walk.callsOf('unlink')).toHaveLength(0);
    },
    unlinking: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'unlink', value: { connectorId: 'demo-social' } });
    },
  },
});

describeWalk('social link machine (model paths)', walk);
