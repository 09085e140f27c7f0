import { expect } from 'vitest';
import { sessionMachine, type SavedLocation, type SessionError } from '#machines/session.machine.ts';
import { sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof sessionMachine>;
type Event = ModelEvent<typeof sessionMachine>;

const at = (pathname: string, search = '', hash = ''): SavedLocation => ({ pathname, search, hash });
const root = at('/');
const deepLink = at('/t1/users', '?page=2', '#top');
const callback = at('/callback', '?code=abc&state=xyz');
const elsewhere = at('/t1/applications', '', '#details');

/** Where sign-in must start in sign-up mode (spec 01 §2), by pathname + search. */
const signUpMode = new Map([
  ['/', false],
  ['/t1/users?page=2', false],
  ['/t1/applications', false],
  ['/?sign_up=true', true],
  ['/accept/inv-1', true],
]);

const loadedTenants = [sampleTenant('t1')];
const updatedTenants = [sampleTenant('t1'), sampleTenant('t2')];

const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });
const invalidGrant = Object.assign(new Error('grant request is invalid'), { name: 'LogtoRequestError', code: 'invalid_grant' });
const sessionNotFound = Object.assign(new Error('Sign-in session not found.'), {
  name: 'LogtoClientError',
  code: 'sign_in_session.not_found',
});
const discoveryFailed = Object.assign(new Error('Unexpected response error from the server.'), {
  name: 'LogtoError',
  code: 'unexpected_response_error',
});
const networkDown = new TypeError('Failed to fetch');
const popupBlocked = new Error('Navigation blocked');
const signOutFailed = new Error('Sign-out failed');

/** What the error page must show for each failure. */
const shownError = new Map<unknown, SessionError>([
  [discoveryFailed, { code: 'unexpected_response_error', message: 'Unexpected response error from the server.' }],
  [networkDown, { message: 'Failed to fetch' }],
  [popupBlocked, { message: 'Navigation blocked' }],
  [signOutFailed, { message: 'Sign-out failed' }],
]);

const events: Event[] = [
  { type: 'xstate.done.actor.checkAuthenticated', output: true },
  { type: 'xstate.done.actor.checkAuthenticated', output: false },
  { type: 'xstate.error.actor.checkAuthenticated', error: unauthorized },
  { type: 'xstate.error.actor.checkAuthenticated', error: discoveryFailed },
  { type: 'xstate.error.actor.signIn', error: popupBlocked },
  { type: 'xstate.done.actor.handleSignInCallback' },
  { type: 'xstate.error.actor.handleSignInCallback', error: sessionNotFound },
  { type: 'xstate.error.actor.handleSignInCallback', error: networkDown },
  { type: 'xstate.done.actor.fetchTenants', output: loadedTenants },
  { type: 'xstate.error.actor.fetchTenants', error: invalidGrant },
  { type: 'xstate.error.actor.fetchTenants', error: networkDown },
  { type: 'xstate.error.actor.signOut', error: signOutFailed },
  { type: 'TENANTS_UPDATED', tenants: updatedTenants },
  { type: 'AUTH_ERROR', location: elsewhere },
  { type: 'RETRY' },
  { type: 'SIGN_OUT' },
];

const drivers = {
  RETRY: sendEvent,
  SIGN_OUT: sendEvent,
  AUTH_ERROR: sendEvent,
  TENANTS_UPDATED: sendEvent,
} satisfies EventDrivers<typeof sessionMachine>;

const lastOf = <T extends Event['type']>(walk: Walk, ...types: T[]) =>
  walk.events.findLast((event): event is Extract<Event, { type: T }> => (types as string[]).includes(event.type));
const lastCall = (walk: Walk) => walk.calls.at(-1);
const callIndex = (walk: Walk, name: string) => walk.calls.findLastIndex((call) => call.name === name);
const handledCallback = (walk: Walk) =>
  walk.events.some((event) => event.type.endsWith('.actor.handleSignInCallback'));

/** The location the flow must save: where the auth error happened, the root once the callback URL is used up, else the opened one. */
function expectedSavedLocation(walk: Walk): SavedLocation {
  const authError = lastOf(walk, 'AUTH_ERROR');
  if (authError) return authError.location;
  return handledCallback(walk) ? root : walk.input.location;
}

const walk = createModelWalk({
  machine: sessionMachine,
  scenarios: {
    root: { location: root, hasSecureCrypto: true },
    'deep link': { location: deepLink, hasSecureCrypto: true },
    'sign-up flag': { location: at('/', '?sign_up=true'), hasSecureCrypto: true },
    'invitation link': { location: at('/accept/inv-1'), hasSecureCrypto: true },
    'sign-in callback': { location: callback, hasSecureCrypto: true },
    'insecure context': { location: deepLink, hasSecureCrypto: false },
  },
  events,
  drivers,
  states: {
    checkingEnvironment: ({ input, snapshot }) => {
      expect(snapshot.matches('insecureContext')).toBe(!input.hasSecureCrypto);
    },
    insecureContext: ({ calls }) => {
      expect(calls).toEqual([]);
    },
    checkingAuthentication: (walk) => {
      expect(walk.snapshot.context.error).toBeUndefined();
      const onCallback = walk.input.location === callback && !lastOf(walk, 'RETRY');
      if (onCallback) {
        expect(walk.snapshot.value).toBe('handlingCallback');
        expect(walk.callsOf('checkAuthenticated')).toEqual([]);
      } else {
        expect(walk.snapshot.value).toBe('checkingAuthentication');
        expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'checkAuthenticated' });
      }
    },
    savingRedirect: (walk) => {
      expect(walk.callsOf('saveRedirect').at(-1)).toEqual(expectedSavedLocation(walk));
      expect(callIndex(walk, 'saveRedirect')).toBe(walk.calls.length - 2);
    },
    signingIn: (walk) => {
      const { pathname, search } = expectedSavedLocation(walk);
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'signIn', value: { signUp: signUpMode.get(pathname + search) } });
    },
    handlingCallback: (walk) => {
      expect(walk.input.location).toBe(callback);
      expect(walk.callsOf('handleSignInCallback')).toHaveLength(1);
      expect(walk.callsOf('checkAuthenticated')).toEqual([]);
    },
    restoringRedirect: (walk) => {
      expect(walk.callsOf('restoreRedirect')).toHaveLength(1);
      expect(walk.calls.slice(-2).map((call) => call.name)).toEqual(['restoreRedirect', 'fetchTenants']);
    },
    fetchingTenants: (walk) => {
      expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'fetchTenants' });
      expect(walk.snapshot.context.tenants).toEqual([]);
    },
    ready: (walk) => {
      const update = lastOf(walk, 'TENANTS_UPDATED');
      expect(walk.snapshot.context.tenants).toEqual(update ? update.tenants : loadedTenants);
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    signingOut: (walk) => {
      expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'signOut' });
    },
    error: (walk) => {
      const failure = walk.events.findLast((event): event is Extract<Event, { error: unknown }> => 'error' in event);
      expect(failure).toBeDefined();
      expect(walk.snapshot.context.error).toEqual(shownError.get(failure?.error));
    },
  },
});

describeWalk('session machine (model paths)', walk);
