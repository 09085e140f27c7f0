import { expect } from 'vitest';
import { webhookTestMachine, type WebhookTestOutcome, type WebhookTestRequest } from '#machines/webhook-test.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk, lastEvent, nothingAsked } from '../support/model-walks.ts';

type Walk = WalkContext<typeof webhookTestMachine>;
type Event = ModelEvent<typeof webhookTestMachine>;

const saved: WebhookTestRequest = { url: 'https://crm.example.test/hooks', events: ['User.Created'], headers: {} };
const edited: WebhookTestRequest = { url: 'https://crm.example.test/v2/hooks', events: ['User.Created', 'User.Deleted'], headers: { 'x-tenant': 'acme' } };
const answered: WebhookTestOutcome = { kind: 'answered', status: 200, body: 'ok', durationMs: 42 };
const rejected: WebhookTestOutcome = { kind: 'rejected', status: 500, body: 'Internal error', durationMs: 61 };
const unreachable: WebhookTestOutcome = { kind: 'unreachable', message: 'connect ECONNREFUSED 127.0.0.1:9', durationMs: 3 };
const refused = Object.assign(new Error('Invalid input'), {
  status: 400,
  body: { code: 'guard.invalid_input', message: 'Invalid input', details: { 'config.url': 'Invalid URL' } },
});

const events: Event[] = [
  { type: 'SEND', request: saved },
  { type: 'SEND', request: edited },
  { type: 'xstate.done.actor.send', output: answered },
  { type: 'xstate.done.actor.send', output: rejected },
  { type: 'xstate.done.actor.send', output: unreachable },
  { type: 'xstate.error.actor.send', error: refused },
];

const drivers = { SEND: sendEvent } satisfies EventDrivers<typeof webhookTestMachine>;

const lastSend = (walk: Walk) => lastEvent<{ request: WebhookTestRequest }>(walk, 'SEND');
const lastOutcome = (walk: Walk) => lastEvent<{ output: WebhookTestOutcome }>(walk, 'xstate.done.actor.send')?.output;

/** A result panel shows what answered the last send, and the request it answered. */
const showsOutcome = (walk: Walk, kind: WebhookTestOutcome['kind']) => {
  expect(walk.snapshot.context.outcome?.kind).toBe(kind);
  expect(walk.snapshot.context.outcome).toBe(lastOutcome(walk));
  expect(walk.snapshot.context.request).toEqual(lastSend(walk)?.request);
  expect(walk.snapshot.context.error).toBeUndefined();
};

const walk = createModelWalk({
  machine: webhookTestMachine,
  scenarios: { "a webhook's settings form": undefined },
  events,
  drivers,
  states: {
    // Nothing is sent until asked.
    idle: nothingAsked,
    sending: (walk) => {
      // The URL, headers and events as the form holds them when the button is pressed; the last result is cleared.
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'send', value: lastSend(walk)?.request });
      expect(walk.snapshot.context.outcome).toBeUndefined();
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    answered: (walk) => showsOutcome(walk, 'answered'),
    rejected: (walk) => showsOutcome(walk, 'rejected'),
    unreachable: (walk) => showsOutcome(walk, 'unreachable'),
    failed: (walk) => {
      expect(walk.snapshot.context.error).toBe(refused);
      expect(walk.snapshot.context.outcome).toBeUndefined();
      expect(walk.snapshot.context.request).toEqual(lastSend(walk)?.request);
    },
  },
});

describeWalk('webhook test send machine (model paths)', walk);
