import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../schemas/error-codes.ts';
import type { SignInExperiencePatch, SignInExperienceSettings } from '../schemas/sign-in-experience.ts';
import { codeOf, errorOf, provided } from './errors.ts';

/** The tenant's sign-in experience and the version (`ETag`) it was read or saved at. */
export type VersionedSettings = { settings: SignInExperienceSettings; etag: string };
export type SaveRequest = { patch: SignInExperiencePatch; etag: string };

/** The blocks whose change affects users signing in now: saving them asks first (sign-in-experience.md §4). */
export const liveImpactBlocks = ['signUp', 'signIn', 'socialSignInConnectorTargets'] as const;
export const affectsSignIn = (patch: SignInExperiencePatch) => liveImpactBlocks.some((block) => block in patch);

export const versionConflictCode: ErrorCode = 'sign_in_experiences.version_conflict';

export type SignInExperienceSaveContext = {
  /** The version the edits start from, sent as `If-Match`. */
  etag: string;
  /** The changed blocks on their way to the server. */
  patch?: SignInExperiencePatch;
};

/**
 * Saving the sign-in experience's changed blocks under the version the edits started from. A change to sign-up, the
 * sign-in methods or the social targets asks first. A version someone else saved meanwhile refuses the save: the edits
 * stay, and reloading takes the other version as the new starting point (the edits move onto it).
 */
export const signInExperienceSaveMachine = setup({
  types: {
    context: {} as SignInExperienceSaveContext,
    input: {} as { etag: string },
    events: {} as { type: 'SAVE'; patch: SignInExperiencePatch } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RELOAD' },
  },
  actors: {
    save: fromPromise<VersionedSettings, SaveRequest>(provided('save')),
    reload: fromPromise<VersionedSettings>(provided('reload')),
  },
  actions: {
    /** The saved document becomes the form's values and baseline. */
    notifySaved: (_args, _saved: VersionedSettings) => {},
    /** Any other refusal: a rule's code on its field, or the kit's toast. */
    notifyFailed: (_args, _error: unknown) => {},
    /** The other version becomes the baseline, with the edits moved onto it. */
    notifyReloaded: (_args, _latest: VersionedSettings) => {},
  },
  guards: {
    needsConfirmation: ({ event }) => event.type === 'SAVE' && affectsSignIn(event.patch),
    isConflict: (_, error: unknown) => codeOf(error) === versionConflictCode,
  },
}).createMachine({
  id: 'signInExperienceSave',
  context: ({ input }) => ({ etag: input.etag }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ patch: undefined }),
      on: {
        SAVE: [
          { guard: 'needsConfirmation', target: 'confirming', actions: assign({ patch: ({ event }) => event.patch }) },
          { target: 'saving', actions: assign({ patch: ({ event }) => event.patch }) },
        ],
      },
    },
    confirming: {
      on: { CONFIRM: 'saving', CANCEL: 'idle' },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ patch: context.patch ?? {}, etag: context.etag }),
        onDone: {
          target: 'idle',
          actions: [assign({ etag: ({ event }) => event.output.etag }), { type: 'notifySaved', params: ({ event }) => event.output }],
        },
        onError: [
          { guard: { type: 'isConflict', params: errorOf }, target: 'conflict' },
          { target: 'idle', actions: { type: 'notifyFailed', params: errorOf } },
        ],
      },
    },
    conflict: {
      on: { RELOAD: 'reloading' },
    },
    reloading: {
      invoke: {
        id: 'reload',
        src: 'reload',
        onDone: {
          target: 'idle',
          actions: [assign({ etag: ({ event }) => event.output.etag }), { type: 'notifyReloaded', params: ({ event }) => event.output }],
        },
        // A failed read keeps the notice, to try again.
        onError: 'conflict',
      },
    },
  },
});

export type SignInExperienceSaveSnapshot = SnapshotFrom<typeof signInExperienceSaveMachine>;
export type SignInExperienceSaveEvent = EventFromLogic<typeof signInExperienceSaveMachine>;
