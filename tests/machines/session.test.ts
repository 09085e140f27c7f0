import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';

const home = { pathname: '/', search: '', hash: '' };

describe('session machine', () => {
  it('saves the location and signs in when not authenticated', async () => {
    const saved: unknown[] = [];
    const signIns: unknown[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          checkAuthenticated: fromPromise(async () => false),
          signIn: fromPromise(async ({ input }) => {
            signIns.push(input);
            await new Promise(() => {});
          }),
        },
        actions: { saveRedirect: (_, location) => saved.push(location) },
      }),
      { input: { location: { ...home, search: '?sign_up=true' }, hasSecureCrypto: true } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(saved).toEqual([{ ...home, search: '?sign_up=true' }]);
    expect(signIns).toEqual([{ signUp: true }]);
  });

  it('stops at the insecure-context state without crypto.subtle', () => {
    const actor = createActor(sessionMachine, { input: { location: home, hasSecureCrypto: false } }).start();
    expect(actor.getSnapshot().value).toBe('insecureContext');
  });
});
