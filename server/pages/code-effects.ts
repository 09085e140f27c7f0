import type { Interaction } from 'oidc-provider';
import { codeUsable, type CodeKind } from '#machines/sign-in-flow.ts';
import type { CodeSent, CodeUsage, CodeVerified, FlowErrors, ResetOutcome, SendCodeInput, VerifyCodeInput } from '#machines/sign-in.machine.ts';
import { checkNewPassword } from '../passwords/new-password.ts';
import type { CodeCheck } from '../tenant/verification-codes/domain.ts';
import type { FlowRequest } from './sign-in-effects.ts';
import type { InteractionStep, SignInSite } from './sign-in-site.ts';

/**
 * The effects of the sign-in flow's verification codes (machines/sign-in-code-states.ts): send a code through the
 * tenant's connector, check it, and set a forgotten password anew, each writing its audit-log keys (spec 02 §3). A
 * password reset answers the same whether an account has the identifier or not.
 */

const methods: Record<CodeKind, string> = { email: 'EmailVerificationCode', phone: 'PhoneVerificationCode' };
const verificationKey = (usage: CodeUsage, kind: CodeKind, action: 'Create' | 'Submit') => `Interaction.${usage}.Verification.${methods[kind]}.${action}`;
const failed = (code: string) => ({ result: 'Error' as const, error: { code } });

const checkErrors: Record<Exclude<CodeCheck, 'ok'>, CodeVerified & { ok: false }> = {
  code_mismatch: { ok: false, reason: 'code_mismatch' },
  expired: { ok: false, reason: 'expired' },
  not_found: { ok: false, reason: 'not_found' },
  exceed_max_try: { ok: false, reason: 'exceed_max_try' },
};

type CodeEffectsRequest = Pick<FlowRequest, 'c' | 'site' | 'interaction' | 'rules' | 'passwordPolicy' | 'locale'> & {
  log: { event: (event: CodeUsage) => Promise<void>; step: (step: InteractionStep) => Promise<void> };
};

const codesOf = (site: SignInSite) => {
  if (!site.codes || !site.accounts.find) throw new Error('These sign-in pages send no codes.');
  return { codes: site.codes, find: site.accounts.find };
};

const keyOf = (interaction: Interaction, { usage, kind, identifier }: SendCodeInput) => ({ interactionId: interaction.uid, usage, identifierKind: kind, identifier: identifier.trim() });

const notAllowed = { ok: false, reason: 'not_allowed' } as const;

/** Each step is checked against the settings as they are now: a code method turned off meanwhile is refused. */
export const codeEffects = ({ c, site, interaction, rules, passwordPolicy, locale, log }: CodeEffectsRequest) => ({
  sendCode: async (input: SendCodeInput): Promise<CodeSent> => {
    const { codes, find } = codesOf(site);
    await log.event(input.usage);
    if (!codeUsable(rules, input)) {
      await log.step({ key: verificationKey(input.usage, input.kind, 'Create'), ...failed('verification_code.not_allowed') });
      return notAllowed;
    }
    // A reset's code goes only to an identifier an account has, and the answer does not wait for the connector: for
    // any other identifier, the same work, the same answer, in about the same time.
    const resetFor = input.usage === 'ForgotPassword' && (await find({ identifier: input.identifier }));
    const delivery = input.usage !== 'ForgotPassword' ? 'now' : resetFor ? 'background' : 'never';
    const sent = await codes.send(keyOf(interaction, input), locale, delivery);
    const key = verificationKey(input.usage, input.kind, 'Create');
    if (sent.ok) {
      await log.step({ key });
      return sent;
    }
    if (sent.reason === 'send_failed') {
      await log.step({ key, result: 'Error', error: { code: `connector.${sent.error.code}`, message: sent.error.message } });
      return { ok: false, reason: 'send_failed' };
    }
    await log.step({ key, ...failed(`verification_code.${sent.reason}`) });
    return sent;
  },
  verifyCode: async ({ code, ...input }: VerifyCodeInput): Promise<CodeVerified> => {
    const { codes, find } = codesOf(site);
    const key = verificationKey(input.usage, input.kind, 'Submit');
    if (!codeUsable(rules, input)) {
      await log.step({ key, ...failed('verification_code.not_allowed') });
      return notAllowed;
    }
    const checked = await codes.check(keyOf(interaction, input), code);
    if (checked !== 'ok') {
      await log.step({ key, ...failed(`verification_code.${checked}`) });
      return checkErrors[checked];
    }
    if (input.usage === 'Register') {
      await log.step({ key });
      return { ok: true };
    }
    const account = await find({ identifier: input.identifier });
    if (input.usage === 'ForgotPassword') {
      // Nobody was sent this code: a guessed one is as wrong as any other.
      if (!account) return checkErrors.code_mismatch;
      await log.step({ key, userId: account.id });
      return { ok: true, accountId: account.id };
    }
    if (!account) {
      await log.step({ key, ...failed('user.user_not_exist') });
      return { ok: false, reason: 'no_account' };
    }
    await log.step({ key, userId: account.id });
    await log.step({ key: 'Interaction.SignIn.Identifier.Submit', userId: account.id });
    if (account.suspended) {
      await log.step({ key: 'Interaction.SignIn.Submit', userId: account.id, ...failed('user.suspended') });
      return { ok: false, reason: 'suspended' };
    }
    await site.accounts.signedIn?.(account.id);
    await log.step({ key: 'Interaction.SignIn.Submit', userId: account.id });
    return { ok: true, accountId: account.id, profile: account.profile };
  },
  resetPassword: async ({ accountId, password, confirmPassword }: { accountId: string; password: string; confirmPassword: string }): Promise<ResetOutcome> => {
    const { find } = codesOf(site);
    const account = await find({ id: accountId });
    if (!account || !site.accounts.resetPassword) throw new Error('The account of a verified reset is gone.');
    const rejections = await checkNewPassword(site.passwords, password, { ...account.profile, name: account.name }, passwordPolicy);
    const errors: FlowErrors = rejections.length > 0 ? { password: { password: rejections } } : password !== confirmPassword ? { confirmPassword: 'mismatch' } : {};
    const update = { key: 'Interaction.ForgotPassword.Profile.Update', userId: accountId };
    if (Object.keys(errors).length > 0) {
      await log.step({ ...update, ...failed('password.rejected'), fields: Object.keys(errors) });
      return { ok: false, errors };
    }
    await site.accounts.resetPassword(accountId, password, interaction.uid);
    await log.step(update);
    await log.step({ key: 'Interaction.ForgotPassword.Submit', userId: accountId });
    await site.hooks?.submitted(c, interaction, accountId, 'ForgotPassword');
    return { ok: true };
  },
});
