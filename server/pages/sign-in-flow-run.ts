import { createActor, fromPromise, waitFor, type Snapshot } from 'xstate';
import { rulesOf, type SignInFlowInput } from '#machines/sign-in-flow.ts';
import {
  signInMachine,
  type CreateAccountInput,
  type FlowResult,
  type ProfileOutcome,
  type RegisterOutcome,
  type SaveProfileInput,
  type SignInFlowEvent,
  type SignInOutcome,
  type SignInSnapshot,
  type SocialOutcome,
  type SocialStart,
  type StartSocialInput,
  type VerifyPasswordInput,
  type VerifySocialInput,
} from '#machines/sign-in.machine.ts';

/** The effects of a sign-in flow, as the server provides them to its machine for one request. */
export type SignInEffects = {
  verifyPassword: (input: VerifyPasswordInput) => Promise<SignInOutcome>;
  createAccount: (input: CreateAccountInput) => Promise<RegisterOutcome>;
  saveProfile: (input: SaveProfileInput) => Promise<ProfileOutcome>;
  startSocial: (input: StartSocialInput) => Promise<SocialStart>;
  verifySocial: (input: VerifySocialInput) => Promise<SocialOutcome>;
  finish: (result: FlowResult) => Promise<string>;
};

/** How long a step's effects may take before the request gives up (a password hash and a few queries). */
const settleTimeoutMs = 30_000;

const machineWith = (effects: SignInEffects) =>
  signInMachine.provide({
    actors: {
      verifyPassword: fromPromise(({ input }) => effects.verifyPassword(input)),
      createAccount: fromPromise(({ input }) => effects.createAccount(input)),
      saveProfile: fromPromise(({ input }) => effects.saveProfile(input)),
      startSocial: fromPromise(({ input }) => effects.startSocial(input)),
      verifySocial: fromPromise(({ input }) => effects.verifySocial(input)),
      finish: fromPromise(({ input }) => effects.finish(input)),
    },
  });

/**
 * A stored snapshot with the rules of the settings as they are now: a setting changed during a sign-in applies to its
 * next step. A snapshot this machine cannot read (none, or from another version of it) starts the flow again.
 */
const restorable = (stored: Record<string, unknown> | undefined, input: SignInFlowInput) => {
  const context = stored?.context as Record<string, unknown> | undefined;
  if (!stored || !context || stored.status !== 'active') return undefined;
  return { ...stored, context: { ...context, rules: rulesOf(input) } } as unknown as Snapshot<unknown>;
};

const actorOf = (stored: Record<string, unknown> | undefined, input: SignInFlowInput, effects: SignInEffects) => {
  const snapshot = restorable(stored, input);
  const machine = machineWith(effects);
  try {
    if (snapshot) return createActor(machine, { snapshot, input });
  } catch {
    // A state this version of the machine does not have.
  }
  return createActor(machine, { input });
};

/**
 * One step of a sign-in: the flow restored from its snapshot (or started from `input`), `event` sent to it, and its
 * effects waited for until it shows a page or is done. Answers the settled snapshot and the one to store.
 */
export const stepSignInFlow = async (stored: Record<string, unknown> | undefined, input: SignInFlowInput, effects: SignInEffects, event?: SignInFlowEvent) => {
  const actor = actorOf(stored, input, effects);
  actor.start();
  try {
    if (event) actor.send(event);
    const settled: SignInSnapshot = await waitFor(actor, (state) => state.hasTag('page') || state.status !== 'active', { timeout: settleTimeoutMs });
    return { snapshot: settled, persisted: actor.getPersistedSnapshot() as Record<string, unknown> };
  } finally {
    actor.stop();
  }
};
