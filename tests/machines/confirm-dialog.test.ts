import { expect } from 'vitest';
import { confirmDialogMachine } from '#machines/confirm-dialog.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Event = ModelEvent<typeof confirmDialogMachine>;

const events: Event[] = [{ type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'BROWSER_BACK' }];

const drivers = { CONFIRM: sendEvent, CANCEL: sendEvent, BROWSER_BACK: sendEvent } satisfies EventDrivers<typeof confirmDialogMachine>;

const walk = createModelWalk({
  machine: confirmDialogMachine,
  scenarios: { 'a confirm dialog': undefined },
  events,
  drivers,
  states: {
    open: (walk) => {
      expect(walk.events).toEqual([]);
      expect(walk.snapshot.status).toBe('active');
    },
    confirmed: (walk) => {
      expect(walk.events.at(-1)).toEqual({ type: 'CONFIRM' });
      expect(walk.snapshot.output).toBe('confirmed');
    },
    cancelled: (walk) => {
      // The dialog's Cancel (or Escape) and the browser's back action both cancel it.
      expect(['CANCEL', 'BROWSER_BACK']).toContain(walk.events.at(-1)?.type);
      expect(walk.snapshot.output).toBe('cancelled');
    },
  },
});

describeWalk('confirm dialog machine (model paths)', walk);
