import { expect } from 'vitest';
import { connectorTestMachine, type ConnectorTestRequest } from '#machines/connector-test.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk, lastEvent, nothingAsked } from '../support/model-walks.ts';

type Walk = WalkContext<typeof connectorTestMachine>;
type Event = ModelEvent<typeof connectorTestMachine>;

const first: ConnectorTestRequest = { to: 'me@example.com', config: { senderName: 'Acme' } };
const second: ConnectorTestRequest = { to: 'me@example.com', config: { host: '127.0.0.1', port: 2525 } };
const refused = Object.assign(new Error('connect ECONNREFUSED'), {
  status: 400,
  body: { code: 'connector.general', message: 'connect ECONNREFUSED 127.0.0.1:2526', details: { hint: 'Port 587 usually needs STARTTLS.' } },
});

const events: Event[] = [
  { type: 'SEND', request: first },
  { type: 'SEND', request: second },
  { type: 'xstate.done.actor.send' },
  { type: 'xstate.error.actor.send', error: refused },
];

const drivers = { SEND: sendEvent } satisfies EventDrivers<typeof connectorTestMachine>;

const lastSend = (walk: Walk) => lastEvent<{ request: ConnectorTestRequest }>(walk, 'SEND');

const walk = createModelWalk({
  machine: connectorTestMachine,
  scenarios: { 'an e-mail connector form': undefined },
  events,
  drivers,
  states: {
    // Nothing is sent until asked.
    idle: nothingAsked,
    sending: (walk) => {
      // The config as the form holds it when Send test is pressed, saved or not; the last result is cleared.
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'send', value: lastSend(walk)?.request });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    sent: (walk) => {
      // The form shows the result itself, so no toast (issue 21: none where the page shows the result).
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'send', value: lastSend(walk)?.request });
      expect(walk.snapshot.context.request).toEqual(lastSend(walk)?.request);
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    failed: (walk) => {
      // The failure stays shown, with the request it answered, until the next send.
      expect(walk.snapshot.context.error).toBe(refused);
      expect(walk.snapshot.context.request).toEqual(lastSend(walk)?.request);
    },
  },
});

describeWalk('connector test send machine (model paths)', walk);
