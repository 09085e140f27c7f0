import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { messageOf, provided } from './errors.ts';

/** What can be done to several users of the list at once (issue 14). */
export const userBulkActions = ['assignRole', 'suspend', 'reactivate', 'delete'] as const;
export type UserBulkAction = (typeof userBulkActions)[number];

/** A selected user: the id acted on and the title a failure is reported under. */
export type BulkUser = { id: string; title: string };
export type BulkRole = { id: string; name: string };
export type BulkFailure = { user: BulkUser; message: string };
/** How a run went, user by user. */
export type BulkOutcome = { succeeded: BulkUser[]; failed: BulkFailure[] };

/** What the run is given: the action, its users, and for assignRole the role. */
export type BulkRun = { action: UserBulkAction; users: BulkUser[]; role: BulkRole | undefined };

export type UserBulkActionContext = BulkRun & { outcome: BulkOutcome | undefined };

const emptyContext: UserBulkActionContext = { action: 'suspend', users: [], role: undefined, outcome: undefined };

/** A run that failed as a whole (it could not start): every user failed with its message. */
export const failedRun = (users: BulkUser[], error: unknown): BulkOutcome => ({
  succeeded: [],
  failed: users.map((user) => ({ user, message: messageOf(error) })),
});

/**
 * A bulk action on the users selected in the list (issue 14): assign role first picks the role; every action then asks
 * one confirmation naming the count, runs user by user, and reports how many succeeded and failed (a toast; the
 * failures listed in a dialog when there are some). The users that failed stay selected, so the action can be tried
 * again on them.
 */
export const userBulkActionMachine = setup({
  types: {
    context: {} as UserBulkActionContext,
    events: {} as
      | { type: 'START'; action: UserBulkAction; users: BulkUser[] }
      | { type: 'PICK_ROLE'; role: BulkRole }
      | { type: 'CONFIRM' }
      | { type: 'CANCEL' }
      | { type: 'CLOSE' },
  },
  actors: {
    /** Applies the action to each user; one user's failure does not stop the others. */
    run: fromPromise<BulkOutcome, BulkRun>(provided('run')),
  },
  actions: {
    /** The toast: how many succeeded and how many failed. */
    notifyOutcome: (_args, _outcome: BulkOutcome) => {},
    /** The selection becomes the users that failed (none when all succeeded). */
    selectFailed: (_args, _failed: BulkUser[]) => {},
    assignStart: assign((_, { action, users }: { action: UserBulkAction; users: BulkUser[] }) => ({ action, users, role: undefined, outcome: undefined })),
    assignRole: assign((_, role: BulkRole) => ({ role })),
    assignOutcome: assign((_, outcome: BulkOutcome) => ({ outcome })),
    clear: assign(emptyContext),
  },
  guards: {
    picksRole: (_, action: UserBulkAction) => action === 'assignRole',
    allSucceeded: (_, outcome: BulkOutcome) => outcome.failed.length === 0,
  },
}).createMachine({
  id: 'userBulkAction',
  context: emptyContext,
  initial: 'idle',
  states: {
    /** The toolbar over the selection. */
    idle: {
      on: {
        START: [
          {
            guard: { type: 'picksRole', params: ({ event }) => event.action },
            target: 'pickingRole',
            actions: { type: 'assignStart', params: ({ event }) => event },
          },
          { target: 'confirming', actions: { type: 'assignStart', params: ({ event }) => event } },
        ],
      },
    },
    /** Assign role: the role picker. */
    pickingRole: {
      on: {
        PICK_ROLE: { target: 'confirming', actions: { type: 'assignRole', params: ({ event }) => event.role } },
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    /** One confirmation naming the action and the count. */
    confirming: {
      on: {
        CONFIRM: 'running',
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    running: {
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context: { action, users, role } }) => ({ action, users, role }),
        onDone: [
          {
            guard: { type: 'allSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [{ type: 'notifyOutcome', params: ({ event }) => event.output }, { type: 'selectFailed', params: [] }, 'clear'],
          },
          {
            target: 'reported',
            actions: [
              { type: 'assignOutcome', params: ({ event }) => event.output },
              { type: 'notifyOutcome', params: ({ event }) => event.output },
              { type: 'selectFailed', params: ({ event }) => event.output.failed.map(({ user }) => user) },
            ],
          },
        ],
        onError: {
          target: 'reported',
          actions: [
            { type: 'assignOutcome', params: ({ context, event }) => failedRun(context.users, event.error) },
            { type: 'notifyOutcome', params: ({ context, event }) => failedRun(context.users, event.error) },
            { type: 'selectFailed', params: ({ context }) => context.users },
          ],
        },
      },
    },
    /** Some users failed: the dialog lists them with the reason. */
    reported: {
      on: { CLOSE: { target: 'idle', actions: 'clear' } },
    },
  },
});

export type UserBulkActionSnapshot = SnapshotFrom<typeof userBulkActionMachine>;
export type UserBulkActionEvent = EventFromLogic<typeof userBulkActionMachine>;
