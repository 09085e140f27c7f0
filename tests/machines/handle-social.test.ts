import { expect } from 'vitest';
import { handleSocialMachine } from '#machines/handle-social.machine.ts';
import type { Me } from '#schemas/user.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof handleSocialMachine>;
type Event = ModelEvent<typeof handleSocialMachine>;

const linked = { name: 'Ada', identities: { demo: { userId: 'demo-1' } } } as unknown as Me;
const inUse = Object.assign(new Error('In use'), { status: 422, body: { code: 'user.identity_already_in_use', message: 'In use' } });
const failed = new Error('Service unavailable');
const connectorData = { code: 'demo-code', state: 'abcdefgh', redirectUri: 'http://localhost/console/handle-social' };

const events: Event[] = [
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.linkIdentity', output: linked },
  { type: 'xstate.error.actor.linkIdentity', error: inUse },
  { type: 'xstate.error.actor.linkIdentity', error: failed },
];

const drivers = { CLOSE: sendEvent } satisfies EventDrivers<typeof handleSocialMachine>;

const notClosed = (walk: Walk) => expect(walk.callsOf('closeWindow')).toHaveLength(0);

const walk = createModelWalk({
  machine: handleSocialMachine,
  scenarios: { 'a link in progress': { connectorId: 'demo-social', connectorData }, 'no link in progress': { connectorData } },
  events,
  drivers,
  states: {
    start: (walk) => {
      // The stored connector id is used once.
      expect(walk.callsOf('forgetConnector')).toHaveLength(1);
    },
    linking: (walk) => {
      expect(walk.callsOf('linkIdentity')).toEqual([{ connectorId: 'demo-social', connectorData }]);
      notClosed(walk);
    },
    identityInUse: (walk) => {
      expect(walk.callsOf('notifyLinked')).toHaveLength(0);
      notClosed(walk);
    },
    noConnector: (walk) => {
      expect(walk.input.connectorId).toBeUndefined();
      expect(walk.callsOf('linkIdentity')).toHaveLength(0);
      notClosed(walk);
    },
    failed: (walk) => {
      expect(walk.snapshot.context.error).toBe('Service unavailable');
      notClosed(walk);
    },
    done: (walk) => {
      if (walk.events.at(-1)?.type === 'xstate.done.actor.linkIdentity') expect(walk.callsOf('notifyLinked')).toEqual([linked]);
      expect(walk.callsOf('closeWindow')).toHaveLength(1);
    },
  },
});

describeWalk('handle-social machine (model paths)', walk);
