import { describe, expect, it } from 'vitest';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { codeConnectorsOf, darkColorOf, documentOf, patchOf, rebase, ruleErrors, tabOf, valuesOf, type RuleMessages } from '#src/pages/sign-in-experience/form.ts';

const saved = defaultSignInExperienceSettings('cloud');
const none = codeConnectorsOf([]);
const rules: RuleMessages = {
  atLeastOneFactor: 'factor',
  passwordlessRequiresVerify: 'verify',
  needsConnector: 'connector',
  codeSignInMustBeEnabled: 'code',
  duplicatedIdentifiers: 'duplicated',
  unsupportedLanguage: 'language',
};

describe('the sign-in experience form', () => {
  it('stands for the document it was read from, and a PATCH holds only the changed blocks', () => {
    expect(documentOf(valuesOf(saved))).toEqual(saved);
    expect(patchOf(documentOf(valuesOf(saved)), saved)).toEqual({});
    const values = { ...valuesOf(saved), supportEmail: 'help@acme.test', branding: { ...valuesOf(saved).branding, logoUrl: 'https://acme.test/logo.png' } };
    expect(patchOf(documentOf(values), saved)).toEqual({ supportEmail: 'help@acme.test', branding: { logoUrl: 'https://acme.test/logo.png' } });
  });

  it("moves the admin's changed blocks onto someone else's version and takes theirs for the rest", () => {
    const from = valuesOf(saved);
    const edited = { ...from, supportEmail: 'help@acme.test' };
    const theirs = valuesOf({ ...saved, signInMode: 'SignIn' });
    expect(rebase(edited, from, theirs)).toEqual({ ...theirs, supportEmail: 'help@acme.test' });
  });

  it('checks the rules of sign-in-experience.md §4 before saving, on the fields they concern', () => {
    const values = valuesOf(saved);
    expect(ruleErrors(values, rules, none)).toEqual({});
    const noFactor = { ...values, signIn: { methods: [{ ...saved.signIn.methods[0]!, password: false }] } };
    expect(ruleErrors(noFactor, rules, none)).toEqual({ 'signIn.methods.0': 'factor' });
    const passwordless = { ...values, signUp: { ...saved.signUp, password: false } };
    expect(ruleErrors(passwordless, rules, none)).toEqual({ 'signUp.verify': 'verify' });
    // Without an e-mail connector, verifying an e-mail is refused.
    const verified = { ...values, signUp: { ...saved.signUp, verify: true } };
    expect(ruleErrors(verified, rules, none)).toEqual({ 'signUp.verify': 'connector' });
    // With one (and only the matching type counts), it is allowed; so is an e-mail code at sign-in.
    expect(ruleErrors(verified, rules, codeConnectorsOf([{ type: 'Sms' }]))).toEqual({ 'signUp.verify': 'connector' });
    expect(ruleErrors(verified, rules, codeConnectorsOf([{ type: 'Email' }]))).toEqual({});
    const emailCode = { ...values, signIn: { methods: [{ ...saved.signIn.methods[0]!, verificationCode: true }] } };
    expect(ruleErrors(emailCode, rules, none)).toEqual({ 'signIn.methods.0': 'connector' });
    expect(ruleErrors(emailCode, rules, codeConnectorsOf([{ type: 'Email' }]))).toEqual({});
    const twice = { ...values, signIn: { methods: [saved.signIn.methods[0]!, saved.signIn.methods[0]!] } };
    expect(ruleErrors(twice, rules, none)).toEqual({ 'signIn.methods': 'duplicated' });
  });

  it('puts each field on its tab', () => {
    expect(['color.primaryColor', 'branding.logoUrl', 'customCss', 'signIn.methods.0', 'termsOfUseUrl', 'passwordPolicy.length.min'].map(tabOf)).toEqual([
      'branding',
      'branding',
      'branding',
      'sign-up-and-sign-in',
      'content',
      'password-policy',
    ]);
  });

  it('computes the dark brand colour as the primary with HSL lightness +10 (spec 02 §9)', () => {
    expect(darkColorOf('#000000')).toBe('#1a1a1a');
    expect(darkColorOf('#ff0000')).toBe('#ff3333');
    expect(darkColorOf('#f00')).toBe('#ff3333');
    expect(darkColorOf('#ffffff')).toBe('#ffffff');
  });
});
