import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { JwtCustomizer, PutJwtCustomizer } from '../schemas/jwt-customizer.ts';
import { errorOf, provided } from './errors.ts';

/** What Save sends: the whole value (PUT), and whether it makes the script (Create) or replaces it. */
export type JwtCustomizerSaveRequest = { value: PutJwtCustomizer; creating: boolean };

export type JwtCustomizerSaveContext = {
  /** No script is saved for this token type yet: Save is "Create". */
  creating: boolean;
  /** What the save under way sends. */
  value?: PutJwtCustomizer;
  /** Why the last save was refused (a compile error on a line, a variable, the plan), shown until the next save. */
  error?: unknown;
};

/**
 * Saving a custom JWT script (customize-jwt.md §2): the editor's script, variables, samples and the block-on-error
 * switch are sent whole. A refusal stays shown (the server's dry compile names the line) until the next save; once
 * saved, the values become the editor's baseline and a new script is edited from then on.
 */
export const jwtCustomizerSaveMachine = setup({
  types: {
    context: {} as JwtCustomizerSaveContext,
    input: {} as { creating: boolean },
    events: {} as { type: 'SAVE'; value: PutJwtCustomizer },
  },
  actors: {
    save: fromPromise<JwtCustomizer, JwtCustomizerSaveRequest>(provided('save')),
  },
  actions: {
    /** The saved value becomes the baseline; a created script's page becomes its edit page. */
    notifySaved: (_args, _saved: { value: JwtCustomizer; created: boolean }) => {},
    /** The refusal on its field (the script's line, a variable), or the kit's toast. */
    notifyFailed: (_args, _error: unknown) => {},
  },
}).createMachine({
  id: 'jwtCustomizerSave',
  context: ({ input }) => ({ creating: input.creating }),
  initial: 'idle',
  states: {
    // While a save is under way, Save does nothing (its button is busy).
    idle: { on: { SAVE: { target: 'saving', actions: assign({ value: ({ event }) => event.value }) } } },
    saving: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ value: context.value as PutJwtCustomizer, creating: context.creating }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifySaved', params: ({ context, event }) => ({ value: event.output, created: context.creating }) },
            assign({ creating: false, value: undefined }),
          ],
        },
        onError: { target: 'failed', actions: [assign({ error: errorOf }), { type: 'notifyFailed', params: errorOf }] },
      },
    },
    failed: { on: { SAVE: { target: 'saving', actions: assign({ value: ({ event }) => event.value }) } } },
  },
});

export type JwtCustomizerSaveSnapshot = SnapshotFrom<typeof jwtCustomizerSaveMachine>;
export type JwtCustomizerSaveEvent = EventFromLogic<typeof jwtCustomizerSaveMachine>;
