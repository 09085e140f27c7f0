// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { defaultSignInExperienceSettings, type SignInExperienceSettings, type SignInMethod } from '#schemas/sign-in-experience.ts';
import { checkSignInExperience, type SignInExperienceContext } from '#server/tenant/sign-in-experience/rules.ts';

const none: SignInExperienceContext = { connectors: { email: false, sms: false }, socialTargets: [], customLanguages: [] };
const connected: SignInExperienceContext = { ...none, connectors: { email: true, sms: true } };

const method = (identifier: SignInMethod['identifier'], password: boolean, verificationCode: boolean): SignInMethod => ({
  identifier,
  password,
  verificationCode,
  isPasswordPrimary: true,
});

const settings = (change: Partial<SignInExperienceSettings>): SignInExperienceSettings => ({ ...defaultSignInExperienceSettings('cloud'), ...change });

const reasonOf = (change: Partial<SignInExperienceSettings>, context = none) => {
  const result = checkSignInExperience(settings(change), context);
  return result.ok ? 'ok' : result.reason;
};

describe('the sign-in experience rules', () => {
  test("each edition's defaults pass as they are, without connectors", () => {
    for (const edition of ['cloud', 'self-hosted'] as const) {
      expect(checkSignInExperience(defaultSignInExperienceSettings(edition), none)).toEqual({ ok: true, value: defaultSignInExperienceSettings(edition) });
    }
  });

  test('a sign-in method needs a password or a code', () => {
    const result = checkSignInExperience(settings({ signIn: { methods: [method('email', true, false), method('username', false, false)] } }), none);
    expect(result).toEqual({ ok: false, reason: 'sign_in_experiences.at_least_one_authentication_factor', details: { identifier: 'username' } });
  });

  test('an e-mail or phone sign-up without a password must verify it', () => {
    const signUp = { identifiers: ['phone' as const], password: false, verify: false };
    expect(reasonOf({ signUp, signIn: { methods: [method('phone', false, true)] } }, connected)).toBe('sign_in_experiences.passwordless_requires_verify');
    expect(reasonOf({ signUp: { ...signUp, verify: true }, signIn: { methods: [method('phone', false, true)] } }, connected)).toBe('ok');
  });

  test('codes need their connector: at sign-up with verify, and at sign-in', () => {
    const verified = { identifiers: ['email' as const], password: true, verify: true };
    const refusal = checkSignInExperience(settings({ signUp: verified }), none);
    expect(refusal).toMatchObject({ reason: 'sign_in_experiences.enabled_connector_not_found', details: { type: 'Email' } });
    const phoneCode = settings({ signIn: { methods: [method('email', true, false), method('phone', true, true)] } });
    expect(checkSignInExperience(phoneCode, none)).toMatchObject({ details: { type: 'Sms' } });
    expect(checkSignInExperience(phoneCode, { ...none, connectors: { email: false, sms: true } }).ok).toBe(true);
    // An e-mail sign-up with a password and no verification sends no code.
    expect(reasonOf({ signUp: { ...verified, verify: false } })).toBe('ok');
  });

  test('without a password at sign-up, every e-mail and phone sign-in method allows a code', () => {
    const signUp = { identifiers: ['email' as const], password: false, verify: true };
    expect(reasonOf({ signUp, signIn: { methods: [method('email', true, false)] } }, connected)).toBe('sign_in_experiences.code_sign_in_must_be_enabled');
    expect(reasonOf({ signUp, signIn: { methods: [method('email', false, true), method('username', true, false)] } }, connected)).toBe('ok');
  });

  test('no sign-up identifier twice, nor a sign-in method', () => {
    expect(reasonOf({ signUp: { identifiers: ['email', 'email'], password: true, verify: false } })).toBe('sign_in_experiences.duplicated_sign_up_identifiers');
    expect(reasonOf({ signUp: { identifiers: ['email'], secondaryIdentifiers: ['email'], password: true, verify: false } })).toBe(
      'sign_in_experiences.duplicated_sign_up_identifiers',
    );
    const twice = checkSignInExperience(settings({ signIn: { methods: [method('email', true, false), method('email', true, false)] } }), none);
    expect(twice).toMatchObject({ reason: 'guard.invalid_input', field: 'signIn.methods.1.identifier' });
  });

  test('a username method cannot have a code', () => {
    const result = checkSignInExperience(settings({ signIn: { methods: [method('email', true, false), method('username', true, true)] } }), connected);
    expect(result).toMatchObject({ reason: 'guard.invalid_input', field: 'signIn.methods.1.verificationCode' });
  });

  test('an e-mail or SMS code is a way to sign in or an MFA factor, not both', () => {
    const methods = [method('email', true, true), method('phone', true, true)];
    expect(reasonOf({ signIn: { methods }, mfa: { factors: ['EmailVerificationCode'], policy: 'UserControlled' } }, connected)).toBe(
      'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in',
    );
    expect(reasonOf({ signIn: { methods }, mfa: { factors: ['PhoneVerificationCode'], policy: 'UserControlled' } }, connected)).toBe(
      'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in',
    );
  });

  test('the fallback language is built in or has custom phrases', () => {
    const languageInfo = { autoDetect: false, fallbackLanguage: 'fr-CA' };
    expect(checkSignInExperience(settings({ languageInfo }), none)).toMatchObject({
      reason: 'sign_in_experiences.unsupported_default_language',
      details: { languageTag: 'fr-CA' },
    });
    expect(reasonOf({ languageInfo }, { ...none, customLanguages: ['fr-CA'] })).toBe('ok');
    expect(reasonOf({ languageInfo: { autoDetect: false, fallbackLanguage: 'pt-BR' } })).toBe('ok');
  });

  test('fixes what the console fixes: missing sign-up methods, a username sign-up without password, unknown social targets', () => {
    const result = checkSignInExperience(
      settings({
        signUp: { identifiers: ['username', 'email'], password: false, verify: false },
        signIn: { methods: [method('email', true, false)] },
        socialSignInConnectorTargets: ['github', 'nowhere', 'github'],
      }),
      { ...none, socialTargets: ['github'] },
    );
    expect(result.ok && result.value).toMatchObject({
      signUp: { identifiers: ['username', 'email'], password: true, verify: false },
      signIn: { methods: [method('email', true, false), method('username', true, false)] },
      socialSignInConnectorTargets: ['github'],
    });
  });
});
