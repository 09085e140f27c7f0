import { expect } from 'vitest';
import { userBulkActionMachine, type BulkOutcome, type BulkUser } from '#machines/user-bulk-action.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof userBulkActionMachine>;
type Event = ModelEvent<typeof userBulkActionMachine>;

const ann: BulkUser = { id: 'ann', title: 'Ann' };
const bob: BulkUser = { id: 'bob', title: 'bob@example.com' };
const cat: BulkUser = { id: 'cat', title: 'cat_1' };
const users = [ann, bob, cat];
const reader = { id: 'reader', name: 'Order reader' };

const allDone: BulkOutcome = { succeeded: users, failed: [] };
const bobFailed: BulkOutcome = { succeeded: [ann, cat], failed: [{ user: bob, message: 'The user does not exist.' }] };
const offline = new TypeError('Failed to fetch');

const events: Event[] = [
  { type: 'START', action: 'assignRole', users },
  { type: 'START', action: 'suspend', users },
  { type: 'START', action: 'delete', users },
  { type: 'PICK_ROLE', role: reader },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.run', output: allDone },
  { type: 'xstate.done.actor.run', output: bobFailed },
  { type: 'xstate.error.actor.run', error: offline },
];

const drivers = { START: sendEvent, PICK_ROLE: sendEvent, CONFIRM: sendEvent, CANCEL: sendEvent, CLOSE: sendEvent } satisfies EventDrivers<
  typeof userBulkActionMachine
>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const started = (walk: Walk) => walk.events.findLast((event) => event.type === 'START');
const runs = (walk: Walk) => walk.callsOf('run');

const walk = createModelWalk({
  machine: userBulkActionMachine,
  scenarios: { 'three users selected': undefined },
  events,
  drivers,
  states: {
    idle: (walk) => {
      expect(walk.snapshot.context).toMatchObject({ users: [], role: undefined, outcome: undefined });
      const last = lastEvent(walk);
      // Cancelled before confirming: nothing ran, the selection stays as it was.
      if (last?.type === 'CANCEL') {
        expect(runs(walk)).toHaveLength(0);
        expect(walk.callsOf('selectFailed')).toEqual([]);
      }
      if (last?.type === 'xstate.done.actor.run') {
        // All succeeded: one toast, and nothing stays selected.
        expect(walk.callsOf('notifyOutcome')).toEqual([allDone]);
        expect(walk.callsOf('selectFailed')).toEqual([[]]);
      }
    },
    pickingRole: (walk) => {
      expect(started(walk)).toMatchObject({ action: 'assignRole' });
      expect(walk.snapshot.context).toMatchObject({ action: 'assignRole', users, role: undefined });
    },
    confirming: (walk) => {
      const start = started(walk);
      expect(walk.snapshot.context.users).toEqual(users);
      expect(walk.snapshot.context.action).toBe(start?.type === 'START' ? start.action : undefined);
      // Assign role asks with the role picked; the others go straight to the confirmation.
      if (start?.type === 'START' && start.action === 'assignRole') {
        expect(lastEvent(walk)).toEqual({ type: 'PICK_ROLE', role: reader });
        expect(walk.snapshot.context.role).toEqual(reader);
      } else expect(lastEvent(walk)).toBe(start);
      expect(runs(walk)).toHaveLength(0);
    },
    running: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'CONFIRM' });
      const { action, role } = walk.snapshot.context;
      // One run per confirmation, with exactly what was confirmed.
      expect(runs(walk)).toEqual([{ action, users, role }]);
      expect(walk.callsOf('notifyOutcome')).toEqual([]);
    },
    reported: (walk) => {
      const last = lastEvent(walk);
      const outcome = last?.type === 'xstate.error.actor.run' ? { succeeded: [], failed: users.map((user) => ({ user, message: 'Failed to fetch' })) } : bobFailed;
      expect(walk.snapshot.context.outcome).toEqual(outcome);
      expect(walk.callsOf('notifyOutcome')).toEqual([outcome]);
      // The users that failed stay selected, to try again.
      expect(walk.callsOf('selectFailed')).toEqual([outcome.failed.map(({ user }) => user)]);
    },
  },
});

describeWalk('user bulk action machine (model paths)', walk);
