import { assign, fromPromise, setup, stateIn, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Translation } from '../schemas/custom-phrases.ts';
import type { ErrorCode } from '../schemas/error-codes.ts';
import { isLocale } from '../schemas/locales.ts';
import { codeOf, errorOf, provided } from './errors.ts';

export const cannotDeleteDefaultCode: ErrorCode = 'localization.cannot_delete_default_language';

export type PhrasesSaveRequest = { language: string; translation: Translation };

export type CustomPhrasesContext = {
  /** The language whose phrases are shown and edited. */
  language: string;
  /** The saved fallback language: where the editor goes when the language it shows is deleted and is not built in. */
  fallbackLanguage: string;
  /** The language asked for while phrases were unsaved: shown once they are discarded. */
  nextLanguage?: string;
};

/**
 * The editor of a tenant's custom phrases (sign-in-experience.md §5, "Manage languages"): one language at a time, its
 * phrases saved whole (PUT) or deleted (DELETE, after a confirmation). Going to another language or closing with
 * unsaved phrases asks first. The server refuses to delete the fallback language's phrases; the editor says why.
 */
export const customPhrasesMachine = setup({
  types: {
    context: {} as CustomPhrasesContext,
    input: {} as { language: string; fallbackLanguage: string },
    events: {} as
      | { type: 'SELECT'; language: string; dirty: boolean }
      | { type: 'CLOSE'; dirty: boolean }
      | { type: 'DISCARD' }
      | { type: 'KEEP_EDITING' }
      | { type: 'SAVE'; translation: Translation }
      | { type: 'DELETE' }
      | { type: 'CONFIRM' }
      | { type: 'CANCEL' }
      | { type: 'DISMISS' },
  },
  actors: {
    save: fromPromise<void, PhrasesSaveRequest>(provided('save')),
    remove: fromPromise<void, { language: string }>(provided('remove')),
  },
  actions: {
    /** The editor goes away. */
    close: () => {},
    /** The saved phrases become the form's baseline. */
    notifySaved: (_args, _language: string) => {},
    notifyDeleted: (_args, _language: string) => {},
    /** Any other refusal: the kit's toast. */
    notifyFailed: (_args, _error: unknown) => {},
  },
  guards: {
    dirty: ({ event }) => 'dirty' in event && event.dirty,
    isDefaultLanguage: (_, error: unknown) => codeOf(error) === cannotDeleteDefaultCode,
  },
}).createMachine({
  id: 'customPhrases',
  context: ({ input }) => ({ language: input.language, fallbackLanguage: input.fallbackLanguage }),
  initial: 'editing',
  states: {
    editing: {
      entry: assign({ nextLanguage: undefined }),
      on: {
        SELECT: [
          { guard: 'dirty', target: 'confirmingDiscard', actions: assign({ nextLanguage: ({ event }) => event.language }) },
          { actions: assign({ language: ({ event }) => event.language }) },
        ],
        CLOSE: [{ guard: 'dirty', target: 'confirmingClose' }, { actions: 'close' }],
        SAVE: 'saving',
        DELETE: 'confirmingDelete',
      },
    },
    confirmingDiscard: {
      on: {
        DISCARD: { target: 'editing', actions: assign({ language: ({ context }) => context.nextLanguage ?? context.language }) },
        KEEP_EDITING: 'editing',
      },
    },
    confirmingClose: {
      on: { DISCARD: { target: 'editing', actions: 'close' }, KEEP_EDITING: 'editing' },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({ language: context.language, translation: event.type === 'SAVE' ? event.translation : {} }),
        onDone: [
          { guard: stateIn('#customPhrases.saving.closing'), target: 'editing', actions: [{ type: 'notifySaved', params: ({ context }) => context.language }, 'close'] },
          { target: 'editing', actions: { type: 'notifySaved', params: ({ context }) => context.language } },
        ],
        // A refused save keeps the editor open, closing asked or not: its phrases are not lost.
        onError: { target: 'editing', actions: { type: 'notifyFailed', params: errorOf } },
      },
      initial: 'open',
      states: {
        open: { on: { CLOSE: 'closing' } },
        /** Closed while saving: the editor goes once the save has ended. */
        closing: {},
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleting', CANCEL: 'editing' },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ language: context.language }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notifyDeleted', params: ({ context }) => context.language },
            // A built-in language stays, with its built-in text; another one is gone from the list.
            assign({ language: ({ context }) => (isLocale(context.language) ? context.language : context.fallbackLanguage) }),
          ],
        },
        onError: [
          { guard: { type: 'isDefaultLanguage', params: errorOf }, target: 'deleteRefused' },
          { target: 'editing', actions: { type: 'notifyFailed', params: errorOf } },
        ],
      },
    },
    deleteRefused: {
      on: { DISMISS: 'editing' },
    },
  },
});

export type CustomPhrasesSnapshot = SnapshotFrom<typeof customPhrasesMachine>;
export type CustomPhrasesEvent = EventFromLogic<typeof customPhrasesMachine>;
