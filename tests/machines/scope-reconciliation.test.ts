import { expect } from 'vitest';
import { tenantRoles } from '#schemas/constants.ts';
import { scopeReconciliationMachine } from '#machines/scope-reconciliation.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof scopeReconciliationMachine>;
type Event = ModelEvent<typeof scopeReconciliationMachine>;

const admin = [...tenantRoles.admin];
const collaborator = [...tenantRoles.collaborator];
/** A collaborator's scopes with one of them taken away by the server. */
const reduced = collaborator.filter((scope) => scope !== 'delete:data');
/** The token's scopes in another order: the same scopes. */
const sameScopes = [...admin].reverse();

const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });
const invalidGrant = Object.assign(new Error('grant request is invalid'), { name: 'LogtoRequestError', code: 'invalid_grant' });
const networkDown = new TypeError('Failed to fetch');
const storageFailed = new Error('Storage is not available');
const popupBlocked = new Error('Navigation blocked');

const events: Event[] = [
  { type: 'xstate.done.actor.fetchMemberScopes', output: admin },
  { type: 'xstate.done.actor.fetchMemberScopes', output: [] },
  { type: 'xstate.error.actor.fetchMemberScopes', error: unauthorized },
  { type: 'xstate.error.actor.fetchMemberScopes', error: networkDown },
  { type: 'xstate.done.actor.readTokenScopes', output: sameScopes },
  { type: 'xstate.done.actor.readTokenScopes', output: collaborator },
  { type: 'xstate.done.actor.readTokenScopes', output: [...admin, 'create:tenant'] },
  { type: 'xstate.error.actor.readTokenScopes', error: invalidGrant },
  { type: 'xstate.error.actor.readTokenScopes', error: networkDown },
  { type: 'xstate.done.actor.clearAccessToken' },
  { type: 'xstate.error.actor.clearAccessToken', error: storageFailed },
  { type: 'xstate.done.actor.rereadTokenScopes', output: admin },
  { type: 'xstate.done.actor.rereadTokenScopes', output: reduced },
  { type: 'xstate.error.actor.rereadTokenScopes', error: invalidGrant },
  { type: 'xstate.error.actor.rereadTokenScopes', error: networkDown },
  { type: 'xstate.error.actor.signInWithConsent', error: popupBlocked },
  { type: 'REFRESH' },
  { type: 'RETRY' },
];

const drivers = { REFRESH: sendEvent, RETRY: sendEvent } satisfies EventDrivers<typeof scopeReconciliationMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const lastCall = (walk: Walk) => walk.calls.at(-1);
const actions = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action');
const lastOutput = (walk: Walk, type: Event['type']) => {
  const event = walk.events.findLast((candidate) => candidate.type === type);
  return event && 'output' in event ? event.output : undefined;
};

const walk = createModelWalk({
  machine: scopeReconciliationMachine,
  scenarios: { 'tenant opened': { tenantId: 'acme' } },
  events,
  drivers,
  states: {
    fetchingScopes: (walk) => {
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'fetchMemberScopes', value: { tenantId: 'acme' } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    leavingTenant: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.fetchMemberScopes', output: [] });
      expect(actions(walk)).toEqual([
        { kind: 'action', name: 'removeTenant', value: 'acme' },
        { kind: 'action', name: 'goToRoot', value: undefined },
      ]);
    },
    readingTokenScopes: (walk) => {
      expect(walk.snapshot.context.serverScopes).toEqual(admin);
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'readTokenScopes', value: { tenantId: 'acme' } });
    },
    clearingAccessToken: (walk) => {
      expect(lastOutput(walk, 'xstate.done.actor.readTokenScopes')).toEqual([...admin, 'create:tenant']);
      expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'clearAccessToken' });
      // Only the access token: signing in again is for missing scopes.
      expect(walk.callsOf('signInWithConsent')).toEqual([]);
    },
    rereadingTokenScopes: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.clearAccessToken' });
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'readTokenScopes', value: { tenantId: 'acme' } });
    },
    signingInWithConsent: (walk) => {
      const token = lastEvent(walk);
      expect(token && 'output' in token ? token.output : undefined).toSatisfy(
        (scopes: string[]) => scopes === collaborator || scopes === reduced,
      );
      expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'signInWithConsent' });
      expect(actions(walk)).toEqual([]);
    },
    ready: (walk) => {
      // The token carries every scope the server grants (extra ones, once cleared, are left to the server).
      const token = lastEvent(walk);
      expect(token?.type).toMatch(/^xstate\.done\.actor\.(readTokenScopes|rereadTokenScopes)$/);
      expect(walk.snapshot.context.serverScopes).toEqual(admin);
      expect(actions(walk)).toEqual([]);
    },
    sessionExpired: (walk) => {
      const failure = lastEvent(walk);
      expect(failure && 'error' in failure ? failure.error : undefined).toSatisfy((error) => error === unauthorized || error === invalidGrant);
      expect(actions(walk).at(-1)).toEqual({ kind: 'action', name: 'reportAuthError', value: undefined });
    },
    error: (walk) => {
      const failure = lastEvent(walk);
      const error = failure && 'error' in failure ? failure.error : undefined;
      expect([networkDown, storageFailed, popupBlocked]).toContain(error);
      expect(walk.snapshot.context.error).toEqual({ message: (error as Error).message });
      expect(actions(walk)).toEqual([]);
    },
  },
});

describeWalk('scope-reconciliation machine (model paths)', walk);
