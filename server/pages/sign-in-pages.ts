import { Hono } from 'hono';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { checkPassword } from '#schemas/password-policy.ts';
import { emailPattern, identifierMaxLength, usernamePattern } from '#schemas/user.ts';
import { defaultSignInExperience } from './experience.ts';
import { createNonce, pageSecurityHeaders, redirectOrigins } from './layout.ts';
import type { InteractionEvent } from '#schemas/log.ts';
import { pageLocales, pickLocale } from './messages.ts';
import type { ConsentRequest, Ctx, Env, InteractionStep, SignInSite, Steps } from './sign-in-site.ts';
import { brandSources } from './sign-in-chrome.ts';
import { consentView, messageView, signInView, signUpView, type SignUpState } from './views.ts';

const formText = (form: Record<string, unknown>, key: string) => {
  const value = form[key];
  return typeof value === 'string' ? value : '';
};

/** The authorization parameters the pages read, beyond the standard ones: the issuers keep them (extraParams). */
export const signInParams = ['first_screen', 'interaction_mode'];

/** Sign-up mode as @logto/browser sends it: `first_screen=register`, or the older `interaction_mode=signUp`. */
const wantsSignUp = (params: Interaction['params']) =>
  params.first_screen === 'register' || params.first_screen === 'identifier:register' || params.interaction_mode === 'signUp';

/** The requested items that are allowed (all of them without a list) and the others. */
const split = (requested: string[], allowed: string[] | undefined) => [
  requested.filter((item) => !allowed || allowed.includes(item)),
  requested.filter((item) => allowed && !allowed.includes(item)),
];

const finish = async (c: Ctx, provider: Provider, result: Parameters<Provider['interactionResult']>[2]) =>
  c.redirect(await provider.interactionResult(c.env.incoming, c.env.outgoing, result, { mergeWithLastSubmission: true }), 303);
const finishLogin = (c: Ctx, site: SignInSite, accountId: string) =>
  finish(c, site.provider, { login: { accountId }, ...(site.consentWithLogin ? { consent: {} } : {}) });

/**
 * Grants what the consent prompt asks for: all of it to a first-party client, without a page; to a third-party one only
 * what its consent page showed (`only`), the rest rejected, so that it is not asked again. Undefined without a
 * signed-in session.
 */
export const grantConsent = async (c: Ctx, provider: Provider, interaction: Interaction, only?: ConsentRequest) => {
  const { prompt, params, session } = interaction;
  if (!session) return undefined;
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
  if (!grant) return undefined;
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const [oidcScopes, rejectedOidcScopes] = split(details.missingOIDCScope ?? [], only?.oidcScopes);
  grant.addOIDCScope(oidcScopes);
  grant.rejectOIDCScope(rejectedOidcScopes);
  // The claims parameter: a third-party app gets the claims of its granted scopes only.
  if (details.missingOIDCClaims && only) grant.rejectOIDCClaims(details.missingOIDCClaims);
  else if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, requested] of Object.entries(details.missingResourceScopes ?? {})) {
    const allowed = only && (only.resources.find((resource) => resource.indicator === indicator)?.scopes.map((scope) => scope.name) ?? []);
    const [scopes, rejected] = split(requested, allowed);
    grant.addResourceScope(indicator, scopes);
    grant.rejectResourceScope(indicator, rejected);
  }
  return finish(c, provider, { consent: { grantId: await grant.save() } });
};

/** How the audit log names each refusal of a sign-in or a registration. */
const signInErrors = { invalid_credentials: 'session.invalid_credentials', too_many_attempts: 'session.too_many_attempts', suspended: 'user.suspended' } as const;
const signUpErrors = { username_taken: 'user.username_already_in_use', email_taken: 'user.email_already_in_use', too_many_attempts: 'session.too_many_attempts' } as const;

/** The path of the consent page's form under `{pagePath}/{uid}`. */
const consentStep = 'consent';

/**
 * The server-rendered sign-in and registration pages that an oidc-provider sends the browser to: `/{uid}` (the first
 * screen), `/{uid}/{steps.signIn}` and `/{uid}/{steps.signUp}`, and a third-party app's consent page, which posts to
 * `/{uid}/consent`. Plain form posts, every state in the provider's interaction: any process answers any step, and no
 * JavaScript is needed. `site` gives the issuer of a request.
 */
export const signInPages = (site: (c: Ctx) => Promise<SignInSite | undefined>, steps: Steps) => {
  const app = new Hono<Env>();

  const render = (c: Ctx, found: SignInSite | undefined, interaction: Interaction | undefined) => {
    const experience = found?.experience ?? defaultSignInExperience;
    const locale = pickLocale(interaction?.params.ui_locales, c.req.header('accept-language'), experience.settings.languageInfo);
    const nonce = createNonce();
    const messages = pageLocales[locale];
    const pagePath = found?.pagePath(interaction?.uid ?? '') ?? '';
    return {
      view: {
        locale,
        nonce,
        messages,
        forms: { signIn: `${pagePath}/${steps.signIn}`, signUp: `${pagePath}/${steps.signUp}`, consent: `${pagePath}/${consentStep}` },
        titles: found?.titles(messages, experience) ?? { signIn: messages.signInTitle, signUp: messages.signUpTitle },
        experience,
      },
      send: (body: Promise<string> | string, status: 200 | 400 | 403 | 422 | 429 = 200) => {
        const sources = brandSources(experience);
        // The sign-in ends at the app's redirect URI.
        return c.html(body, status, pageSecurityHeaders(nonce, redirectOrigins(interaction?.params.redirect_uri), sources.images, sources.fonts));
      },
    };
  };

  const expired = (c: Ctx, found: SignInSite | undefined) => {
    // A page opened without a live sign-in goes where the tenant says (sign-in-experience.md §5).
    const away = found?.experience.settings.unknownSessionRedirectUrl;
    if (away && c.req.method === 'GET') return c.redirect(away, 302);
    const { view, send } = render(c, found, undefined);
    const t = view.messages;
    const { message, link } = found?.expired(t) ?? { message: t.interactionExpired };
    return send(messageView(view, t.errorTitle, message, link), 400);
  };

  /** The request's site and interaction, when its uid is the interaction of the request's cookies. */
  const load = async (c: Ctx) => {
    const found = await site(c);
    if (!found) return { found };
    const interaction = await found.provider.interactionDetails(c.env.incoming, c.env.outgoing).catch(() => undefined);
    if (!interaction || interaction.uid !== c.req.param('uid')) return { found };
    const experience = await found.experienceOf?.(String(interaction.params.client_id));
    return { found: experience ? { ...found, experience } : found, interaction };
  };

  /** The audit log of one interaction, where the site keeps one (a tenant's pages). */
  const logOf = (c: Ctx, found: SignInSite, interaction: Interaction) => ({
    event: async (event: InteractionEvent) => found.log?.event(c, interaction, event),
    step: async (step: InteractionStep) => found.log?.step(c, interaction, step),
  });

  /** The interaction's result goes back to the OIDC flow: the interaction ends. */
  const end = async (c: Ctx, found: SignInSite, interaction: Interaction, answer: Response, outcome: Omit<InteractionStep, 'key'> = {}) => {
    await logOf(c, found, interaction).step({ key: 'Interaction.End', userId: interaction.session?.accountId, ...outcome });
    return answer;
  };

  /**
   * The site's answer to the consent prompt: a response to send (a consent granted without a page, which ends the
   * interaction, or the expired page without an answer), or a consent page's request.
   */
  const answerConsent = async (c: Ctx, found: SignInSite, interaction: Interaction) => {
    const answer = await found.consent?.(c, interaction);
    if (answer instanceof Response) return end(c, found, interaction, answer);
    return answer ?? expired(c, found);
  };

  const showFirstScreen = async (c: Ctx, screen?: 'sign-in' | 'sign-up') => {
    const { found, interaction } = await load(c);
    if (!found || !interaction) return expired(c, found);
    if (interaction.prompt.name === 'consent') {
      const answer = await answerConsent(c, found, interaction);
      if (answer instanceof Response) return answer;
      const { view, send } = render(c, found, interaction);
      return send(consentView(view, answer));
    }
    if (interaction.prompt.name !== 'login') return expired(c, found);
    const { view, send } = render(c, found, interaction);
    const signUp = found.experience.signUp.enabled && (screen ? screen === 'sign-up' : wantsSignUp(interaction.params));
    return send(signUp ? signUpView(view) : signInView(view));
  };

  app.get('/:uid', (c) => showFirstScreen(c));
  app.get(`/:uid/${steps.signIn}`, (c) => showFirstScreen(c, 'sign-in'));
  app.get(`/:uid/${steps.signUp}`, (c) => showFirstScreen(c, 'sign-up'));

  /** A posted form of the login prompt, with the page renderer of its language. */
  const loginForm = async (c: Ctx) => {
    const { found, interaction } = await load(c);
    if (!found || interaction?.prompt.name !== 'login') return { found };
    return { found, posted: { site: found, interaction, ...render(c, found, interaction), form: await c.req.parseBody() } };
  };

  app.post(`/:uid/${steps.signIn}`, async (c) => {
    const { found, posted } = await loginForm(c);
    if (!posted) return expired(c, found);
    const { site: signingIn, interaction, view, send, form } = posted;
    const log = logOf(c, signingIn, interaction);
    await log.event('SignIn');
    const t = view.messages;
    const identifier = formText(form, 'identifier').trim().slice(0, identifierMaxLength);
    const password = formText(form, 'password');
    if (!identifier || !password) {
      return send(
        signInView(view, {
          identifier,
          identifierError: identifier ? undefined : t.identifierRequired,
          passwordError: password ? undefined : t.passwordRequired,
        }),
        400,
      );
    }
    const result = await signingIn.accounts.signIn(identifier, password);
    const userId = result.accountId;
    const verified = { key: 'Interaction.SignIn.Verification.Password.Submit', userId, identifier };
    const refused = (reason: keyof typeof signInErrors) => ({ result: 'Error' as const, error: { code: signInErrors[reason] }, userId });
    if (!result.ok) {
      const [message, status] = ({ too_many_attempts: [t.tooManyAttempts, 429], suspended: [t.userSuspended, 403], invalid_credentials: [t.invalidCredentials, 422] } as const)[
        result.reason
      ];
      // The password of a suspended user is right: the submit is refused.
      if (result.reason === 'suspended') {
        await log.step(verified);
        await log.step({ key: 'Interaction.SignIn.Identifier.Submit', userId });
        await log.step({ key: 'Interaction.SignIn.Submit', ...refused(result.reason) });
      } else {
        await log.step({ ...verified, ...refused(result.reason) });
      }
      return send(signInView(view, { identifier, passwordError: message }), status);
    }
    await log.step(verified);
    await log.step({ key: 'Interaction.SignIn.Identifier.Submit', userId });
    await log.step({ key: 'Interaction.SignIn.Submit', userId });
    return end(c, signingIn, interaction, await finishLogin(c, signingIn, result.accountId), { userId });
  });

  app.post(`/:uid/${steps.signUp}`, async (c) => {
    const { found, posted } = await loginForm(c);
    if (!posted) return expired(c, found);
    const { site: signingUp, interaction, view, send, form } = posted;
    const log = logOf(c, signingUp, interaction);
    await log.event('Register');
    const closed = async () => {
      await log.step({ key: 'Interaction.Register.Submit', result: 'Error', error: { code: 'user.registration_not_allowed' } });
      return send(signInView({ ...view, experience: { ...view.experience, signUp: { ...view.experience.signUp, enabled: false } } }), 403);
    };
    if (!signingUp.experience.signUp.enabled) return closed();
    const t = view.messages;
    const { identifiers } = signingUp.experience.signUp;
    const offered = (key: 'username' | 'email') => (identifiers.includes(key) ? formText(form, key).trim().slice(0, identifierMaxLength) : '');
    const username = offered('username');
    const email = offered('email');
    const password = formText(form, 'password');
    const errors: NonNullable<SignUpState['errors']> = {};
    if (!username && !email) {
      const [only = 'username'] = identifiers;
      errors[only] = identifiers.length > 1 ? t.signUpIdentifierRequired : only === 'email' ? t.invalidEmail : t.invalidUsername;
    }
    if (username && !usernamePattern.test(username)) errors.username = t.invalidUsername;
    if (email && !emailPattern.test(email)) errors.email = t.invalidEmail;
    const rejections = checkPassword(password, { username, email }, signingUp.experience.passwordPolicy);
    if (rejections.length > 0) errors.password = rejections.map((code) => t.password[code]).join(' ');
    else if (password !== formText(form, 'confirmPassword')) errors.confirmPassword = t.passwordMismatch;
    const identity = { key: 'Interaction.Register.Verification.NewPasswordIdentity.Submit', identifier: { username, email } };
    if (Object.keys(errors).length > 0) {
      await log.step({ ...identity, result: 'Error', error: { code: 'guard.invalid_input', fields: Object.keys(errors) } });
      return send(signUpView(view, { username, email, errors }), 400);
    }

    const result = await signingUp.accounts.signUp({ username, email, password }, String(interaction.params.client_id));
    if (!result.ok) {
      // Closed meanwhile (checked again under the lock that the first sign-up takes).
      if (result.reason === 'sign_up_closed') return closed();
      await log.step({ ...identity, result: 'Error', error: { code: signUpErrors[result.reason] } });
      const errors = { username_taken: { username: t.usernameTaken }, email_taken: { email: t.emailTaken }, too_many_attempts: { password: t.tooManyAttempts } }[result.reason];
      return send(signUpView(view, { username, email, errors }), result.reason === 'too_many_attempts' ? 429 : 422);
    }
    const userId = result.accountId;
    await log.step({ ...identity, userId });
    await log.step({ key: 'Interaction.Register.Identifier.Submit', userId });
    await log.step({ key: 'Interaction.Register.Submit', userId });
    return end(c, signingUp, interaction, await finishLogin(c, signingUp, userId), { userId });
  });

  /** The consent page's answer: its request is read again, so only what the page showed is granted. */
  app.post(`/:uid/${consentStep}`, async (c) => {
    const { found, interaction } = await load(c);
    if (!found || interaction?.prompt.name !== 'consent') return expired(c, found);
    const answer = await answerConsent(c, found, interaction);
    if (answer instanceof Response) return answer;
    if (formText(await c.req.parseBody(), 'decision') !== 'authorize') {
      const denied = await finish(c, found.provider, { error: 'access_denied', error_description: 'The user did not authorize the application.' });
      return end(c, found, interaction, denied, { result: 'Error', error: { code: 'access_denied' } });
    }
    const granted = await grantConsent(c, found.provider, interaction, answer);
    return granted ? end(c, found, interaction, granted) : expired(c, found);
  });

  return app;
};
