import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine } from '#machines/sign-in.machine.ts';
import { directSocialOf, firstScreenOf, identifierKindOf, rulesOf } from '#machines/sign-in-flow.ts';
import { createModelWalk, sendEvent, type EventDrivers, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';
import { both, events, providerRefused, scenarios, settings, social, started } from './sign-in-model.ts';

type Walk = WalkContext<typeof signInMachine>;

const drivers = {
  SHOW_SIGN_IN: sendEvent,
  SHOW_REGISTER: sendEvent,
  SIGN_IN: sendEvent,
  REGISTER: sendEvent,
  IDENTIFY: sendEvent,
  AGREE: sendEvent,
  DECLINE: sendEvent,
  COMPLETE_PROFILE: sendEvent,
  CONSENT: sendEvent,
  RETRY: sendEvent,
  FORGOT_PASSWORD: sendEvent,
  SEND_CODE: sendEvent,
  VERIFY_CODE: sendEvent,
  USE_PASSWORD: sendEvent,
  SET_PASSWORD: sendEvent,
  SOCIAL: sendEvent,
  SOCIAL_CALLBACK: sendEvent,
} satisfies EventDrivers<typeof signInMachine>;

const last = (walk: Walk) => walk.events.at(-1);
const reasonOf = (output: unknown) => (output as { reason?: string }).reason;
/** Whether the sign-in takes this identifier: one that began at the identifier step, only that step's kinds. */
const accepts = (walk: Walk, identifier: string) => {
  const { rules, firstScreen } = walk.snapshot.context;
  const offered = firstScreen === 'identifierSignIn' ? rules.identifierStep.filter((kind) => rules.signInIdentifiers.includes(kind)) : rules.signInIdentifiers;
  return offered.includes(identifierKindOf(identifier));
};
const accountSteps = new Set(['createAccount', 'verifyPassword', 'verifySocial', 'verifyCode'].map((actor) => `xstate.done.actor.${actor}`));
/** Whether the walk made the account it signs in as: its last step that gave an account (or dropped it) registered it. */
const registeredIn = (walk: Walk) => {
  const step = walk.events.findLast((event) => event.type === 'DECLINE' || (accountSteps.has(event.type) && (event as { output: { ok: boolean } }).output.ok)) as
    | { type: string; output?: { registered?: boolean } }
    | undefined;
  return step?.type === 'xstate.done.actor.createAccount' || (step?.type === 'xstate.done.actor.verifySocial' && step.output?.registered === true);
};
const serialized = (walk: Walk) => JSON.stringify(walk.snapshot.context);

/** No state keeps a password: the snapshot is stored with the interaction. */
const noPassword = (walk: Walk) => expect(serialized(walk)).not.toContain('Tr4il-Mossy-Kettle');

/** A page of the screens: the one its settings allow, with the refusal of the step posted to, if any. */
const screen = (walk: Walk) => {
  noPassword(walk);
  const event = last(walk);
  const { errors, notice, rules } = walk.snapshot.context;
  if (event?.type === 'SIGN_IN' && rules.signInMode === 'Register') expect(notice).toBe('sign_in_not_allowed');
  if (event?.type === 'REGISTER' && rules.signInMode === 'SignIn') expect(notice).toBe('registration_not_allowed');
  if (event?.type === 'SIGN_IN' && rules.signInMode !== 'Register' && !accepts(walk, event.identifier)) expect(errors).toEqual({ identifier: 'not_allowed' });
  else if (event?.type === 'SIGN_IN' && !event.password && rules.signInMode !== 'Register') expect(errors.password).toBe('required');
  if (event?.type === 'IDENTIFY' && !event.identifier) expect(errors.identifier).toBe('required');
  if (event?.type === 'xstate.done.actor.createAccount' && reasonOf(event.output) === 'sign_up_closed') expect(notice).toBe('registration_not_allowed');
  else if (event?.type === 'xstate.done.actor.createAccount' && reasonOf(event.output) === undefined) expect(errors).toEqual((event.output as { errors: unknown }).errors);
};

const codeProblems: Record<string, string> = { code_mismatch: 'code_mismatch', expired: 'code_expired', exceed_max_try: 'code_tries', not_allowed: 'not_allowed' };
const notSent: Record<string, string> = { resend_too_soon: 'resend_too_soon', too_many_requests: 'too_many_attempts', send_failed: 'send_failed', not_allowed: 'not_allowed' };

const walk = createModelWalk({
  machine: signInMachine,
  scenarios,
  events,
  drivers,
  states: {
    start: (walk) => expect(walk.snapshot.context.errors).toEqual({}),
    screens: screen,
    'screens.signIn': (walk) => {
      const { rules, errors, notice } = walk.snapshot.context;
      // Only a registration closed meanwhile (the console's first admin) shows sign-in where it is not offered.
      if (rules.signInMode === 'Register') expect(notice).toBe('registration_not_allowed');
      const event = last(walk);
      if (event?.type === 'xstate.done.actor.verifyPassword') expect(errors.password).toBe(reasonOf(event.output) === 'suspended' ? 'suspended' : 'credentials');
      if (event?.type === 'xstate.done.actor.createAccount') expect(walk.snapshot.context.notice).toBe('registration_not_allowed');
    },
    'screens.identifierSignIn': (walk) => {
      expect(walk.snapshot.context.rules.identifierStep).toEqual(['email']);
      const event = last(walk);
      if (event?.type === 'IDENTIFY' && event.identifier === 'ann') expect(walk.snapshot.context.errors).toEqual({ identifier: 'not_allowed' });
    },
    'screens.password': (walk) => {
      const typed = walk.events.findLast((event) => event.type === 'IDENTIFY' || event.type === 'SIGN_IN');
      expect(walk.snapshot.context.identifier).toBe(typed && 'identifier' in typed ? typed.identifier : undefined);
      const event = last(walk);
      if (event?.type === 'xstate.done.actor.verifyPassword') expect(walk.snapshot.context.errors.password).toBe(reasonOf(event.output) === 'suspended' ? 'suspended' : 'credentials');
    },
    'screens.register': (walk) => {
      const { rules, values, errors } = walk.snapshot.context;
      expect(rules.signInMode).not.toBe('SignIn');
      const event = last(walk);
      if (!event && walk.input.params.login_hint) expect(values).toEqual({ email: 'ann@example.com' });
      if (event?.type === 'REGISTER' && event.values.phone) expect(errors).toEqual({ identifier: 'not_allowed' });
      if (event?.type === 'REGISTER' && !event.agreed && rules.terms === 'Manual') expect(errors).toEqual({ terms: 'required' });
      if (event?.type === 'IDENTIFY') expect(values).toEqual({ email: 'ann@example.com' });
      if (event?.type === 'IDENTIFY') expect(rules.registerStep).toEqual(['email']);
    },
    'screens.identifierRegister': (walk) => {
      expect(walk.snapshot.context.firstScreen).toBe('identifierRegister');
      if (last(walk)?.type === 'IDENTIFY' && !walk.snapshot.context.errors.identifier) expect.unreachable();
    },
    verifyingPassword: (walk) => {
      expect(walk.callsOf('verifyPassword').at(-1)).toEqual({ identifier: walk.snapshot.context.identifier, password: 'Tr4il-Mossy-Kettle' });
      noPassword(walk);
    },
    creatingAccount: (walk) => {
      const { values, verifiedIdentifier, rules } = walk.snapshot.context;
      // The password of the form that made the account (none after a code); a verified one sends the identifier its code proved.
      const event = last(walk);
      const password = event?.type === 'REGISTER' || event?.type === 'SET_PASSWORD' ? event.password : '';
      expect(walk.callsOf('createAccount').at(-1)).toEqual({ values, password, confirmPassword: password, ...(verifiedIdentifier ? { verified: verifiedIdentifier } : {}) });
      if (rules.signUp.verify && (values.email || values.phone)) expect(verifiedIdentifier).toBe(values.email ? 'email' : 'phone');
      noPassword(walk);
    },
    'screens.code': (walk) => {
      const { code, errors } = walk.snapshot.context;
      expect(code?.sentAt).toBeGreaterThan(0);
      const event = last(walk);
      if (event?.type === 'xstate.done.actor.sendCode') expect(errors).toEqual(reasonOf(event.output) ? { code: notSent[reasonOf(event.output)!] } : {});
      if (event?.type === 'xstate.done.actor.verifyCode') expect(errors).toEqual({ code: codeProblems[reasonOf(event.output) ?? ''] });
      if (event?.type === 'VERIFY_CODE' && !event.code.trim()) expect(errors).toEqual({ code: 'required' });
      if (event?.type === 'USE_PASSWORD') expect(code?.usage === 'SignIn' && walk.snapshot.context.rules.signInIdentifiers.includes(code.kind)).toBe(false);
    },
    'screens.forgotPassword': (walk) => {
      const { rules, errors } = walk.snapshot.context;
      expect(rules.forgotPassword.length).toBeGreaterThan(0);
      const event = last(walk);
      if (event?.type === 'FORGOT_PASSWORD' && event.identifier === '') expect(errors).toEqual({ identifier: 'required' });
      if (event?.type === 'FORGOT_PASSWORD' && event.identifier === 'ann') expect(errors).toEqual({ identifier: 'not_allowed' });
    },
    'screens.newPassword': (walk) => {
      const { code, rules } = walk.snapshot.context;
      if (code?.usage === 'ForgotPassword') expect(code.accountId).toBe('u1');
      else expect(rules.signUp.verify).toBe(true);
      noPassword(walk);
    },
    sendingCode: (walk) => {
      const { code } = walk.snapshot.context;
      expect(walk.callsOf('sendCode').at(-1)).toEqual({ usage: code?.usage, kind: code?.kind, identifier: code?.identifier });
    },
    codeNotSent: (walk) => expect(walk.snapshot.context.errors.code).toBe(notSent[reasonOf((last(walk) as { output: unknown }).output) ?? '']),
    resendingCode: (walk) => {
      const { code } = walk.snapshot.context;
      expect(code?.sentAt).toBeGreaterThan(0);
      expect(walk.callsOf('sendCode').at(-1)).toEqual({ usage: code?.usage, kind: code?.kind, identifier: code?.identifier });
    },
    verifyingCode: (walk) => expect(walk.callsOf('verifyCode').at(-1)).toMatchObject({ code: '123456', usage: walk.snapshot.context.code?.usage }),
    accountRefused: (walk) => {
      expect(['no_account', 'suspended']).toContain(walk.snapshot.context.errors.identifier);
      expect(walk.snapshot.context.code).toBeUndefined();
    },
    codeVerified: (walk) => expect(last(walk)).toMatchObject({ type: 'xstate.done.actor.verifyCode', output: { ok: true } }),
    resettingPassword: (walk) => {
      expect(walk.callsOf('resetPassword').at(-1)).toEqual({ accountId: 'u1', password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle' });
      noPassword(walk);
    },
    verified: (walk) => expect(walk.snapshot.context.accountId).toBe('u1'),
    terms: (walk) => {
      expect(walk.snapshot.context.rules.terms).toBe('Manual');
      expect(walk.snapshot.context.agreed).toBe(false);
    },
    profile: (walk) => {
      expect(walk.snapshot.context.missing).toBe('email');
      if (last(walk)?.type === 'COMPLETE_PROFILE') expect(walk.snapshot.context.errors).toEqual({ email: 'required' });
      if (last(walk)?.type === 'xstate.done.actor.saveProfile') expect(walk.snapshot.context.errors).toEqual({ email: 'taken' });
    },
    savingProfile: (walk) => expect(walk.callsOf('saveProfile').at(-1)).toEqual({ accountId: 'u1', field: 'email', value: 'ann@example.com' }),
    consent: (walk) => expect(walk.input.prompt).toBe('consent'),
    finishing: (walk) => {
      const { result } = walk.snapshot.context;
      expect(walk.callsOf('finish').at(-1)).toEqual(result);
      const login = { kind: 'login', accountId: expect.stringMatching(/^u[12]$/), registered: registeredIn(walk) };
      expect(result).toEqual(walk.input.prompt === 'consent' ? { kind: 'consent', authorized: true } : login);
    },
    'screens.rateLimited': (walk) => {
      const event = last(walk);
      const { limited, errors } = walk.snapshot.context;
      expect(limited).toBe(walk.events.some((event) => event.type === 'xstate.done.actor.createAccount') ? 'register' : 'signIn');
      // A form posted again without its password is refused before the limit is asked.
      if (event?.type === 'SIGN_IN') expect(errors).toEqual(accepts(walk, event.identifier) ? { password: 'required' } : { identifier: 'not_allowed' });
      else expect(errors).toEqual({ password: 'too_many_attempts' });
    },
    socialAuthorizing: (walk) => {
      const { socialTarget, rules } = walk.snapshot.context;
      expect(rules.socialTargets).toContain(socialTarget);
      expect(walk.callsOf('startSocial').at(-1)).toEqual({ target: 'demo' });
    },
    socialRedirect: (walk) => {
      const { redirectTo, social } = walk.snapshot.context;
      expect(redirectTo).toBe(started.url);
      expect(social).toEqual({ target: 'demo', connectorId: 'demo-a', state: 'uid.s1', secret: 'sealed-secret' });
    },
    verifyingSocial: (walk) =>
      expect(walk.callsOf('verifySocial').at(-1)).toEqual({ target: 'demo', connectorId: 'demo-a', state: 'uid.s1', secret: 'sealed-secret', data: { code: 'c1', state: 'uid.s1' } }),
    socialError: (walk) => {
      const event = last(walk);
      const { socialError, social } = walk.snapshot.context;
      // A used or refused state is forgotten: the callback cannot be replayed.
      expect(social).toBeUndefined();
      if (event?.type === 'SOCIAL_CALLBACK') expect(socialError).toEqual({ code: 'social.invalid_state' });
      else if (event?.type === 'xstate.done.actor.startSocial') expect(socialError).toEqual({ code: 'connector.not_found' });
      else expect(socialError).toEqual(providerRefused);
    },
    error: (walk) => expect(last(walk)?.type).toMatch(/^xstate\.error\.actor\./),
    done: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      expect(walk.snapshot.context.redirectTo).toBe('https://shop.example.test/callback?code=1');
    },
  },
});

describeWalk('sign-in machine (model paths)', walk);

describe('the sign-in flow from settings and parameters (sign-in-experience.md §9)', () => {
  const rules = rulesOf({ settings: both, params: {} });
  it('opens the screen first_screen names, then interaction_mode; signIn is sign_in', () => {
    expect(firstScreenOf(rules, { first_screen: 'register', interaction_mode: 'signIn' })).toBe('register');
    expect(firstScreenOf(rules, { first_screen: 'signIn', interaction_mode: 'signUp' })).toBe('signIn');
    expect(firstScreenOf(rules, { interaction_mode: 'signUp' })).toBe('register');
    expect(firstScreenOf(rules, { first_screen: 'reset_password' })).toBe('signIn');
  });
  it('offers password methods only, in order, restricted by identifier on the identifier step', () => {
    const methods = [
      { identifier: 'phone', password: true, verificationCode: false, isPasswordPrimary: true },
      { identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false },
      { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
    ] as const;
    const ordered = rulesOf({ settings: settings({ signIn: { methods: [...methods] } }), params: { identifier: 'email fax username' } });
    expect(ordered.signInIdentifiers).toEqual(['phone', 'username']);
    expect(ordered.identifierStep).toEqual(['username']);
    expect(rulesOf({ settings: both, params: { identifier: 'fax' } }).identifierStep).toEqual(['email', 'username']);
  });
  it('goes straight to a social target with direct_sign_in=social:{target}, only one the pages offer', () => {
    const offered = rulesOf({ settings: social, params: {} });
    expect(directSocialOf(offered, { direct_sign_in: 'social:tenant-b' })).toBe('tenant-b');
    expect(directSocialOf(offered, { direct_sign_in: 'social:github' })).toBeUndefined();
    expect(directSocialOf(offered, { direct_sign_in: 'sso:demo' })).toBeUndefined();
  });
  it('ignores a social button the pages do not offer', () => {
    const actor = createActor(signInMachine, { input: { prompt: 'login', settings: social, params: {} } }).start();
    actor.send({ type: 'SOCIAL', target: 'github' });
    expect(actor.getSnapshot().value).toEqual({ screens: 'signIn' });
    actor.stop();
  });
  it('tells e-mails, phone numbers and usernames apart', () => {
    expect(['ann@example.com', '+1 (555) 123-4567', 'ann_1'].map(identifierKindOf)).toEqual(['email', 'phone', 'username']);
  });
});
