import { signInMachine, type SignInOutcome, type SocialOutcome } from '#machines/sign-in.machine.ts';
import type { SignInFlowInput } from '#machines/sign-in-flow.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { ModelEvent } from '../support/model.ts';

/** The sign-in machine's model (sign-in.test.ts): its scenarios (inputs) and the events walked from every state. */

type Event = ModelEvent<typeof signInMachine>;

const cloud = defaultSignInExperienceSettings('cloud');
export const settings = (patch: Partial<SignInExperienceSettings>): SignInFlowInput['settings'] => ({ ...cloud, ...patch });
export const both = settings({ signUp: { identifiers: ['username', 'email'], password: true, verify: false } });
const usernameMethod = { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true } as const;
const terms = { termsOfUseUrl: 'https://shop.example.test/terms', privacyPolicyUrl: null };
export const social = settings({ signUp: both.signUp, socialSignInConnectorTargets: ['demo', 'tenant-b'] });
export const started = { ok: true, url: 'https://provider.example.test/authorize?state=uid.s1', connectorId: 'demo-a', state: 'uid.s1', secret: 'sealed-secret' } as const;
export const providerRefused = { code: 'connector.authorization_failed', message: 'access_denied' };

export const scenarios: Record<string, SignInFlowInput> = {
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
  'codes: e-mail code first (password too), registration verified by code without a password': {
    prompt: 'login',
    settings: settings({
      signUp: { identifiers: ['email'], password: false, verify: true },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: false }, usernameMethod] },
    }),
    params: {},
    connectors: { email: true, sms: false },
  },
  'codes: phone code only, registration by username or phone, verified, then the password': {
    prompt: 'login',
    settings: settings({
      signUp: { identifiers: ['username', 'phone'], password: true, verify: true },
      signIn: { methods: [{ identifier: 'phone', password: false, verificationCode: true, isPasswordPrimary: false }, usernameMethod] },
    }),
    params: {},
    connectors: { email: false, sms: true },
  },
  'codes: the identifier step, e-mail by code only': {
    prompt: 'login',
    settings: settings({ signIn: { methods: [{ identifier: 'email', password: false, verificationCode: true, isPasswordPrimary: false }, usernameMethod] } }),
    params: { first_screen: 'identifier:sign_in', identifier: 'email' },
    connectors: { email: true, sms: true },
  },
  'codes: password first with a code, forgot password by e-mail': {
    prompt: 'login',
    settings: settings({ signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }, usernameMethod] } }),
    params: {},
    connectors: { email: true, sms: false },
  },
  'codes: sign-in only, e-mail code first, then its password instead': {
    prompt: 'login',
    settings: settings({ signInMode: 'SignIn', signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: false }, usernameMethod] } }),
    params: {},
    connectors: { email: true, sms: false },
  },
};

const complete: SignInOutcome = { ok: true, accountId: 'u1', profile: { username: 'ann', email: 'ann@example.com' } };
const noEmail: SignInOutcome = { ok: true, accountId: 'u1', profile: { username: 'ann', email: null } };
/** A social identity seen for the first time: it made the account. */
const newIdentity: SocialOutcome = { ...complete, registered: true };
const failed = new Error('database unavailable');

export const events: Event[] = [
  { type: 'SHOW_SIGN_IN' },
  { type: 'SHOW_REGISTER' },
  { type: 'SIGN_IN', identifier: 'ann', password: 'Tr4il-Mossy-Kettle', agreed: false },
  { type: 'SIGN_IN', identifier: 'ann', password: '', agreed: false },
  { type: 'SIGN_IN', identifier: 'ann@example.com', password: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'REGISTER', values: { email: 'ann@example.com' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'REGISTER', values: { email: 'ann@example.com' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: false },
  { type: 'REGISTER', values: { phone: '+15551234567' }, password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle', agreed: true },
  { type: 'REGISTER', values: { username: 'ann' }, password: '', confirmPassword: '', agreed: true },
  { type: 'IDENTIFY', identifier: 'ann@example.com' },
  { type: 'IDENTIFY', identifier: 'ann' },
  { type: 'IDENTIFY', identifier: '' },
  { type: 'IDENTIFY', identifier: '+15551234567' },
  { type: 'FORGOT_PASSWORD' },
  { type: 'FORGOT_PASSWORD', identifier: 'ann@example.com' },
  { type: 'FORGOT_PASSWORD', identifier: '' },
  { type: 'FORGOT_PASSWORD', identifier: 'ann' },
  { type: 'SEND_CODE' },
  { type: 'VERIFY_CODE', code: '123456' },
  { type: 'VERIFY_CODE', code: ' ' },
  { type: 'USE_PASSWORD' },
  { type: 'SET_PASSWORD', password: 'Tr4il-Mossy-Kettle', confirmPassword: 'Tr4il-Mossy-Kettle' },
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
  { type: 'xstate.done.actor.createAccount', output: { ok: false, errors: { password: { password: ['too_short'] } } } },
  { type: 'xstate.error.actor.createAccount', error: failed },
  { type: 'xstate.done.actor.sendCode', output: { ok: true, sentAt: 1_000 } },
  { type: 'xstate.done.actor.sendCode', output: { ok: false, reason: 'resend_too_soon', sentAt: 500 } },
  { type: 'xstate.done.actor.sendCode', output: { ok: false, reason: 'too_many_requests' } },
  { type: 'xstate.done.actor.sendCode', output: { ok: false, reason: 'send_failed' } },
  { type: 'xstate.done.actor.sendCode', output: { ok: false, reason: 'not_allowed' } },
  { type: 'xstate.error.actor.sendCode', error: failed },
  { type: 'xstate.done.actor.verifyCode', output: complete },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'code_mismatch' } },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'expired' } },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'exceed_max_try' } },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'no_account' } },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'suspended' } },
  { type: 'xstate.done.actor.verifyCode', output: { ok: false, reason: 'not_allowed' } },
  { type: 'xstate.error.actor.verifyCode', error: failed },
  { type: 'xstate.done.actor.resetPassword', output: { ok: true } },
  { type: 'xstate.done.actor.resetPassword', output: { ok: false, errors: { confirmPassword: 'mismatch' } } },
  { type: 'xstate.error.actor.resetPassword', error: failed },
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
  { type: 'xstate.done.actor.verifySocial', output: newIdentity },
  { type: 'xstate.done.actor.verifySocial', output: { ok: false, error: providerRefused } },
  { type: 'xstate.error.actor.verifySocial', error: failed },
  { type: 'xstate.done.actor.finish', output: 'https://shop.example.test/callback?code=1' },
  { type: 'xstate.error.actor.finish', error: failed },
];

