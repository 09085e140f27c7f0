import { assign } from 'xstate';
import { cleared, page, signInSetup } from './sign-in-setup.ts';
import { pendingOf } from './sign-in-steps.ts';

/** A social button (or `direct_sign_in`) posted from any screen: to the connector, if the sign-in offers it. */
export const toSocial = { guard: 'socialOffered', target: '#signIn.socialAuthorizing', actions: 'chooseSocial' } as const;

/**
 * The sign-in machine's states for social sign-in (connectors.md §7): out to the provider with a state bound to this
 * sign-in, back through its callback, then `verified` as any sign-in.
 */
export const socialStates = {
  /** The connector's authorization URL, with a state bound to this sign-in. */
  socialAuthorizing: signInSetup.createStateConfig({
    invoke: {
      id: 'startSocial',
      src: 'startSocial',
      input: ({ context }) => ({ target: context.socialTarget ?? '' }),
      onDone: [
        {
          guard: { type: 'succeeded', params: ({ event }) => event.output },
          target: 'socialRedirect',
          actions: assign(({ context, event }) => (event.output.ok ? { redirectTo: event.output.url, social: pendingOf(context, event.output) } : {})),
        },
        { target: 'socialError', actions: assign(({ event }) => ({ socialError: event.output.ok ? undefined : event.output.error })) },
      ],
      onError: { target: 'error' },
    },
  }),
  /** The browser is at the provider (`redirectTo`); its callback brings the state back. */
  socialRedirect: signInSetup.createStateConfig({
    tags: page,
    on: {
      SOCIAL_CALLBACK: [
        { guard: 'stateMatches', target: 'verifyingSocial' },
        { target: 'socialError', actions: assign({ social: undefined, socialError: { code: 'social.invalid_state' } }) },
      ],
      SOCIAL: toSocial,
      SHOW_SIGN_IN: { target: 'start', actions: assign({ social: undefined }) },
    },
  }),
  /** The code exchanged for the provider's profile: a returning identity signs in, a new one links or registers. */
  verifyingSocial: signInSetup.createStateConfig({
    invoke: {
      id: 'verifySocial',
      src: 'verifySocial',
      input: ({ context, event }) => ({ ...context.social!, data: event.type === 'SOCIAL_CALLBACK' ? event.data : {} }),
      onDone: [
        { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'verified', actions: { type: 'signedInAs', params: ({ event }) => event.output } },
        { target: 'socialError', actions: assign(({ event }) => ({ social: undefined, socialError: event.output.ok ? undefined : event.output.error })) },
      ],
      onError: { target: 'error' },
    },
  }),
  /** The provider or the sign-in refused: its message, and the way back. */
  socialError: signInSetup.createStateConfig({
    tags: page,
    on: { SOCIAL: toSocial, RETRY: { target: 'start', actions: assign({ socialError: undefined, ...cleared }) } },
  }),
};
