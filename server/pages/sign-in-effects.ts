import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import type { SignInFlowRules } from '#machines/sign-in-flow.ts';
import type { FlowErrors, FlowResult, RegisterOutcome } from '#machines/sign-in.machine.ts';
import type { PasswordPolicy } from '#schemas/password-policy.ts';
import type { InteractionEvent } from '#schemas/log.ts';
import { phonePattern } from '#schemas/tenant-user.ts';
import { emailPattern, identifierMaxLength, usernamePattern } from '#schemas/user.ts';
import { codeEffects } from './code-effects.ts';
import { checkNewPassword } from '../passwords/new-password.ts';
import type { SignInEffects } from './sign-in-flow-run.ts';
import { socialEffects } from './social-effects.ts';
import type { ConsentRequest, Ctx, InteractionStep, SignInSite } from './sign-in-site.ts';

/** How the audit log names each refusal of a sign-in or a registration. */
const signInErrors = { invalid_credentials: 'session.invalid_credentials', too_many_attempts: 'session.too_many_attempts', suspended: 'user.suspended' } as const;
const signUpErrors = {
  username_taken: 'user.username_already_in_use',
  email_taken: 'user.email_already_in_use',
  phone_taken: 'user.phone_already_in_use',
  too_many_attempts: 'session.too_many_attempts',
} as const;
const takenField = { username_taken: 'username', email_taken: 'email', phone_taken: 'phone' } as const;

/** The interaction's result goes back to the OIDC flow: answers where the browser goes next. */
export const interactionResultUrl = (c: Ctx, provider: Provider, result: InteractionResults) =>
  provider.interactionResult(c.env.incoming, c.env.outgoing, result, { mergeWithLastSubmission: true });

/** The audit log of one interaction, where the site keeps one (a tenant's pages). */
export const logOf = (c: Ctx, site: SignInSite, interaction: Interaction) => ({
  event: async (event: InteractionEvent) => site.log?.event(c, interaction, event),
  step: async (step: InteractionStep) => site.log?.step(c, interaction, step),
});

export type FlowRequest = {
  c: Ctx;
  site: SignInSite;
  interaction: Interaction;
  rules: SignInFlowRules;
  passwordPolicy: PasswordPolicy;
  /** The page's language: a code's message is sent in it. */
  locale: string;
  /** What a consent page showed, for the consent it grants. */
  consentRequest?: ConsentRequest;
  /** The consent a decision grants: all that is asked (a first-party app), or only what the page showed. */
  grantedConsent: (only?: ConsentRequest) => Promise<InteractionResults | undefined>;
};

const trimmed = (value: string | undefined) => (value ?? '').trim().slice(0, identifierMaxLength);

type Identifiers = { username: string; email: string; phone: string };

/**
 * The registration form's problems: an identifier of each kind offered (any one of several), its format, the password
 * policy with the breached-password lookup (`site.passwords`), unless the sign-up asks for no password.
 */
const registrationProblems = async (site: SignInSite, rules: SignInFlowRules, policy: PasswordPolicy, { username, email, phone }: Identifiers, password: string, confirmPassword: string) => {
  const errors: FlowErrors = {};
  const { identifiers } = rules.signUp;
  if (!username && !email && !phone) errors[identifiers[0] ?? 'username'] = 'required';
  if (username && !usernamePattern.test(username)) errors.username = 'invalid';
  if (email && !emailPattern.test(email)) errors.email = 'invalid';
  if (phone && !phonePattern.test(phone)) errors.phone = 'invalid';
  if (!rules.signUp.password) return errors;
  const rejections = await checkNewPassword(site.passwords, password, { username, email }, policy);
  if (rejections.length > 0) errors.password = { password: rejections };
  else if (password !== confirmPassword) errors.confirmPassword = 'mismatch';
  return errors;
};

/**
 * The effects of one request's step of a sign-in, as the flow's machine runs them: the password check, the new
 * account, the profile, and the end of the interaction, each writing the audit log's steps.
 */
export const signInEffects = (request: FlowRequest): SignInEffects & { ran: Set<string> } => {
  const { c, site, interaction, rules, passwordPolicy, locale, grantedConsent, consentRequest } = request;
  const log = logOf(c, site, interaction);
  const ran = new Set<string>();
  const end = async (url: string, outcome: Omit<InteractionStep, 'key'> = {}) => {
    await log.step({ key: 'Interaction.End', userId: interaction.session?.accountId, ...outcome });
    return url;
  };
  return {
    ran,
    ...codeEffects({ c, site, interaction, rules, passwordPolicy, locale, log }),
    ...socialEffects(request, log),
    verifyPassword: async ({ identifier, password }) => {
      ran.add('verifyPassword');
      const result = await site.accounts.signIn(identifier, password);
      const userId = result.accountId;
      const verified = { key: 'Interaction.SignIn.Verification.Password.Submit', userId, identifier };
      if (!result.ok) {
        const refused = { result: 'Error' as const, error: { code: signInErrors[result.reason] }, userId };
        // The password of a suspended user is right: the submit is refused.
        if (result.reason === 'suspended') {
          await log.step(verified);
          await log.step({ key: 'Interaction.SignIn.Identifier.Submit', userId });
          await log.step({ key: 'Interaction.SignIn.Submit', ...refused });
        } else {
          await log.step({ ...verified, ...refused });
        }
        return { ok: false, reason: result.reason };
      }
      await log.step(verified);
      await log.step({ key: 'Interaction.SignIn.Identifier.Submit', userId });
      await log.step({ key: 'Interaction.SignIn.Submit', userId });
      return { ok: true, accountId: result.accountId, profile: result.profile };
    },
    createAccount: async ({ values, password, confirmPassword, verified }): Promise<RegisterOutcome> => {
      ran.add('createAccount');
      const given = { username: trimmed(values.username), email: trimmed(values.email), phone: trimmed(values.phone) };
      const { username, email, phone } = given;
      const errors = await registrationProblems(site, rules, passwordPolicy, given, password, confirmPassword);
      const identity = { key: 'Interaction.Register.Verification.NewPasswordIdentity.Submit', identifier: { username, email, ...(phone ? { phone } : {}) } };
      if (Object.keys(errors).length > 0) {
        await log.step({ ...identity, result: 'Error', error: { code: 'guard.invalid_input', fields: Object.keys(errors) } });
        return { ok: false, errors };
      }
      const account = { username, email, ...(phone ? { phone } : {}), password: rules.signUp.password ? password : '', ...(verified ? { verified } : {}) };
      const result = await site.accounts.signUp(account, String(interaction.params.client_id));
      if (!result.ok) {
        const { reason } = result;
        if (reason === 'sign_up_closed') {
          await log.step({ key: 'Interaction.Register.Submit', result: 'Error', error: { code: 'user.registration_not_allowed' } });
          return { ok: false, reason };
        }
        await log.step({ ...identity, result: 'Error', error: { code: signUpErrors[reason] } });
        if (reason === 'too_many_attempts') return { ok: false, reason };
        return { ok: false, errors: { [takenField[reason]]: 'taken' } };
      }
      const userId = result.accountId;
      await log.step({ ...identity, userId });
      await log.step({ key: 'Interaction.Register.Identifier.Submit', userId });
      await log.step({ key: 'Interaction.Register.Submit', userId });
      return result;
    },
    saveProfile: async ({ accountId, field, value }) => {
      const typed = trimmed(value);
      if (!(field === 'email' ? emailPattern : usernamePattern).test(typed)) return { ok: false, errors: { [field]: 'invalid' } };
      if (!site.accounts.saveProfile) throw new Error('These accounts have no profile step.');
      const saved = await site.accounts.saveProfile(accountId, field, typed);
      await log.step({ key: 'Interaction.SignIn.Profile.Update', userId: accountId, ...(saved.ok ? {} : { result: 'Error', error: { code: `user.${field}_already_in_use` } }) });
      return saved.ok ? saved : { ok: false, errors: { [field]: 'taken' } };
    },
    finish: async (result: FlowResult) => {
      if (result.kind === 'login') {
        const url = await interactionResultUrl(c, site.provider, { login: { accountId: result.accountId }, ...(site.consentWithLogin ? { consent: {} } : {}) });
        await site.hooks?.submitted(c, interaction, result.accountId, result.registered ? 'Register' : 'SignIn');
        return end(url, { userId: result.accountId });
      }
      if (!result.authorized) {
        const url = await interactionResultUrl(c, site.provider, { error: 'access_denied', error_description: 'The user did not authorize the application.' });
        return end(url, { result: 'Error', error: { code: 'access_denied' } });
      }
      const granted = await grantedConsent(consentRequest);
      if (!granted) throw new Error('The consent has no signed-in session.');
      return end(await interactionResultUrl(c, site.provider, granted));
    },
  };
};
