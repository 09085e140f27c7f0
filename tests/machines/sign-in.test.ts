import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine, type SignInOutcome } from '#machines/sign-in.machine.ts';
import { directSocialOf, firstScreenOf, identifierKindOf, rulesOf, type SignInFlowInput } from '#machines/sign-in-flow.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';

type Walk = WalkContext<typeof signInMachine>;
type Event = ModelEvent<typeof signInMachine>;

const cloud = defaultSignInExperienceSettings('cloud');
const settings = (patch: Partial<SignInExperienceSettings>): SignInFlowInput['settings'] => ({ ...cloud, ...patch });
const both = settings({ signUp: { identifiers: ['username', 'email'], password: true, verify: false } });
const terms = { termsOfUseUrl: 'https://shop.example.test/terms', privacyPolicyUrl: null };
const social = settings({ signUp: both.signUp, socialSignInConnectorTargets: ['demo', 'tenant-b'] });
const started = { ok: true, url: 'https://provider.example.test/authorize?state=uid.s1', connectorId: 'demo-a', state: 'uid.s1', secret: 'sealed-secret' } as const;
const providerRefused = { code: 'connector.authorization_failed', message: 'access_denied' };

const scenarios: Record<string, SignInFlowInput> = {
  'sign-in and registration by username or e-mail': { prompt: 'login', settings: both, params: {} },
  'registration first by e-mail, terms agreed by hand': {
    prompt: 'login',
    settings: settings({ ...terms, agreeToTermsPolicy: 'Manual' }),
    params: { first_screen: 'register', login_hint: 'ann@example.com' },
  },
  'identifier step of sign-in, e-mail only': { prompt: 'login', settings: both, params: { first_screen: 'identifier:sign_in', identifier: 'email' } },
  'identifier step of registration': { prompt: 'login', settings: both, params: { interaction_mode: 'signUp', first_screen: 'identifier:register', identifier: 'email phone' } },
  'sign-in only': { prompt: 'login', settings: settings({ signInMode: 'SignIn' }), params: { interaction_mode: 'signUp' } },
  'registration only': { prompt: 'login', settings: settings({ signInMode: 'Register' }), params: {} },
  'consent of a third-party app': { prompt: 'consent', settings: both, params: {} },
  'social buttons beside sign-in and registration': { prompt: 'login', settings: social, params: {} },
  'direct social sign-in': { prompt: 'login', settings: social, params: { direct_sign_in: 'social:demo' } },
};

const complete: SignInOutcome = { ok: true, accountId: 'u1', profile: { username: 'ann', email: 'ann@example.com' } };
const noEmail: SignInOutcome = { ok: true, accountId: 'u1', profile: { username: 'ann', email: null } };
const failed = new Error('database unavailable');

const events: Event[] = [
  { type: 'SHOW_SIGN_IN' },
  { type: 'SHOW_REGISTER' },
  { type: 'SIGN_IN', identifier: 'ann', password: 'Tr4il-Mossy-Kettle', agreed: false },
  { type: 'SIGN_IN', identifier: 'ann', password: '', agreed: false },
  { type: 'SIGN_IN', identifier: 'ann@example.com', password: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'REGISTER', values: { email: 'ann@example.com' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'REGISTER', values: { email: 'ann@example.com' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: false },
  { type: 'REGISTER', values: { phone: '+15551234567' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'IDENTIFY', identifier: 'ann@example.com' },
  { type: 'IDENTIFY', identifier: 'ann' },
  { type: 'IDENTIFY', identifier: '' },
  { type: 'AGREE' },
  { type: 'DECLINE' },
  { type: 'COMPLETE_PROFILE', value: 'ann@example.com' },
  { type: 'COMPLETE_PROFILE', value: '' },
  { type: 'CONSENT', authorize: true },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.verifyPassword', output: complete },
  { type: 'xstate.done.actor.verifyPassword', output: noEmail },
  { type: 'xstate.done.actor.verifyPassword', output: { ok: false, reason: 'invalid_credentials' } },
  { type: 'xstate.done.actor.verifyPassword', output: { ok: false, reason: 'suspended' } },
  { type: 'xstate.done.actor.verifyPassword', output: { ok: false, reason: 'too_many_attempts' } },
  { type: 'xstate.error.actor.verifyPassword', error: failed },
  { type: 'xstate.done.actor.createAccount', output: { ok: true, accountId: 'u2' } },
  { type: 'xstate.done.actor.createAccount', output: { ok: false, reason: 'too_many_attempts' } },
  { type: 'xstate.done.actor.createAccount', output: { ok: false, reason: 'sign_up_closed' } },
  { type: 'xstate.done.actor.createAccount', output: { ok: false, errors: { email: 'taken' } } },
  { type: 'xstate.error.actor.createAccount', error: failed },
  { type: 'xstate.done.actor.saveProfile', output: { ok: true } },
  { type: 'xstate.done.actor.saveProfile', output: { ok: false, errors: { email: 'taken' } } },
  { type: 'xstate.error.actor.saveProfile', error: failed },
  { type: 'SOCIAL', target: 'demo' },
  { type: 'SOCIAL_CALLBACK', data: { code: 'c1', state: 'uid.s1' } },
  { type: 'SOCIAL_CALLBACK', data: { code: 'c1', state: 'uid.forged' } },
  { type: 'xstate.done.actor.startSocial', output: started },
  { type: 'xstate.done.actor.startSocial', output: { ok: false, error: { code: 'connector.not_found' } } },
  { type: 'xstate.error.actor.startSocial', error: failed },
  { type: 'xstate.done.actor.verifySocial', output: complete },
  { type: 'xstate.done.actor.verifySocial', output: noEmail },
  { type: 'xstate.done.actor.verifySocial', output: { ok: false, error: providerRefused } },
  { type: 'xstate.error.actor.verifySocial', error: failed },
  { type: 'xstate.done.actor.finish', output: 'https://shop.example.test/callback?code=1' },
  { type: 'xstate.error.actor.finish', error: failed },
];

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
  SOCIAL: sendEvent,
  SOCIAL_CALLBACK: sendEvent,
} satisfies EventDrivers<typeof signInMachine>;

const last = (walk: Walk) => walk.events.at(-1);
const reasonOf = (output: unknown) => (output as { reason?: string }).reason;
/** Whether the sign-in takes this identifier: one that began at the identifier step, only that step's kinds. */
const accepts = (walk: Walk, identifier: string) => {
  const { rules, firstScreen } = walk.snapshot.context;
  return (firstScreen === 'identifierSignIn' ? rules.identifierStep : rules.signInIdentifiers).includes(identifierKindOf(identifier));
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
  else if (event?.type === 'xstate.done.actor.createAccount' && reasonOf(event.output) === undefined) expect(errors).toEqual({ email: 'taken' });
};

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
      expect(walk.callsOf('createAccount').at(-1)).toEqual({ values: { email: 'ann@example.com' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle' });
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
      expect(result).toEqual(walk.input.prompt === 'consent' ? { kind: 'consent', authorized: true } : { kind: 'login', accountId: expect.stringMatching(/^u[12]$/) });
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

describe('sign-in machine (model paths)', () => {
  for (const path of walk.paths) it(path.description, path.run);
  it('walks every state and transition, asserting each state', walk.assertComplete);
});

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
