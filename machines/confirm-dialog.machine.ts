import { assign, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';

export type ConfirmDialogResult = 'confirmed' | 'cancelled';

/**
 * A confirm dialog (spec 01 §4): it resolves as confirmed or cancelled, and the browser's back action (popstate)
 * cancels it. The machine's output is the result.
 */
export const confirmDialogMachine = setup({
  types: {
    events: {} as { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'BROWSER_BACK' },
    context: {} as { result: ConfirmDialogResult },
    output: {} as ConfirmDialogResult,
  },
}).createMachine({
  id: 'confirmDialog',
  // Anything but a confirmation cancels.
  context: { result: 'cancelled' },
  initial: 'open',
  states: {
    open: {
      on: {
        CONFIRM: { target: 'confirmed', actions: assign({ result: 'confirmed' }) },
        CANCEL: 'cancelled',
        BROWSER_BACK: 'cancelled',
      },
    },
    confirmed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});

export type ConfirmDialogSnapshot = SnapshotFrom<typeof confirmDialogMachine>;
export type ConfirmDialogEvent = EventFromLogic<typeof confirmDialogMachine>;
export type ConfirmDialogState = ConfirmDialogSnapshot['value'];
