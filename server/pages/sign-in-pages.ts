import { Hono } from 'hono';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { rulesOf, type SignInFlowInput } from '#machines/sign-in-flow.ts';
import type { SignInFlowEvent, SignInSnapshot } from '#machines/sign-in.machine.ts';
import { identifierMaxLength } from '#schemas/user.ts';
import { defaultSignInExperience } from './experience.ts';
import { flowPage, flowPaths, flowStatus, flowSteps } from './flow-views.ts';
import { createNonce, pageSecurityHeaders, redirectOrigins } from './layout.ts';
import { pageLocales, pickPageLanguage } from './messages.ts';
import { withCustomPhrases } from './phrases.ts';
import { brandSources } from './sign-in-chrome.ts';
import { interactionResultUrl, logOf, signInEffects } from './sign-in-effects.ts';
import { stepSignInFlow } from './sign-in-flow-run.ts';
import type { ConsentRequest, Ctx, Env, InteractionStep, SignInSite, Steps } from './sign-in-site.ts';
import { messageView } from './views.ts';

type Form = Record<string, unknown>;
const formText = (form: Form, key: string) => {
  const value = form[key];
  return typeof value === 'string' ? value : '';
};
const identifierOf = (form: Form, key = 'identifier') => formText(form, key).trim().slice(0, identifierMaxLength);
/** A provider's callback parameters (code, state, error…), bounded: never stored, only handed to its connector. */
const providerAnswer = (form: Form) =>
  Object.fromEntries(
    Object.entries(form)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0].length <= 64)
      .slice(0, 20)
      .map(([key, value]) => [key, value.slice(0, 8192)]),
  );

/** JSON with each object's keys in order, as jsonb gives them back in its own order. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => (left < right ? -1 : 1))) : item,
  );

/**
 * The authorization parameters the pages read, beyond the standard ones (`login_hint`, `ui_locales`): the issuers keep
 * them (extraParams). `direct_sign_in` and `organization_id` are accepted and ignored until connectors and organizations.
 */
export const signInParams = ['first_screen', 'interaction_mode', 'identifier', 'direct_sign_in', 'organization_id'];

/** The requested items that are allowed (all of them without a list) and the others. */
const split = (requested: string[], allowed: string[] | undefined) => [
  requested.filter((item) => !allowed || allowed.includes(item)),
  requested.filter((item) => allowed && !allowed.includes(item)),
];

/**
 * The consent the prompt asks for: all of it for a first-party client; for a third-party one only what its consent page
 * showed (`only`), the rest rejected, so that it is not asked again. Undefined without a signed-in session.
 */
const consentResult = async (provider: Provider, interaction: Interaction, only?: ConsentRequest): Promise<InteractionResults | undefined> => {
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
  return { consent: { grantId: await grant.save() } };
};

/** Grants a first-party client what its consent prompt asks for, without a page. Undefined without a signed-in session. */
export const grantConsent = async (c: Ctx, provider: Provider, interaction: Interaction) => {
  const result = await consentResult(provider, interaction);
  return result && c.redirect(await interactionResultUrl(c, provider, result), 303);
};

const consentStep = 'consent';

/** Where the social callback (server/sign-in/social-callback.ts) sends the browser back to its sign-in, with the provider's answer. */
export const socialReturnPath = (pagePath: string, uid: string) => `${pagePath}/${uid}/${flowSteps.socialCallback}`;

/**
 * The server-rendered sign-in pages that an oidc-provider sends the browser to, showing each interaction's sign-in flow
 * (machines/sign-in.machine.ts): every GET renders the flow's state (`/{uid}/{steps.signIn}` and `/{uid}/{steps.signUp}`
 * first ask it for that screen), every POST is an event, checked by the flow against the settings. The flow's snapshot
 * is kept with the interaction, so any process answers any step, and no JavaScript is needed. `site` gives the issuer of
 * a request.
 */
export const signInPages = (site: (c: Ctx) => Promise<SignInSite | undefined>, steps: Steps) => {
  const app = new Hono<Env>();

  /** The page language of a request (sign-in-experience.md §9), among the built-in ones and the site's custom ones. */
  const languageOf = (c: Ctx, found: SignInSite | undefined, interaction: Interaction | undefined) =>
    pickPageLanguage(
      interaction?.params.ui_locales,
      c.req.header('accept-language'),
      (found?.experience ?? defaultSignInExperience).settings.languageInfo,
      found?.customPhrases?.languages,
    );

  const render = (c: Ctx, found: SignInSite | undefined, interaction: Interaction | undefined) => {
    const experience = found?.experience ?? defaultSignInExperience;
    const { locale } = languageOf(c, found, interaction);
    const nonce = createNonce();
    const messages = withCustomPhrases(pageLocales[locale], found?.phrases);
    const pagePath = found?.pagePath(interaction?.uid ?? '') ?? '';
    const path = (step: string) => `${pagePath}/${step}`;
    return {
      view: {
        locale,
        nonce,
        messages,
        forms: { signIn: path(steps.signIn), signUp: path(steps.signUp), consent: path(consentStep) },
        paths: flowPaths(path),
        titles: found?.titles(messages, experience) ?? { signIn: messages.signInTitle, signUp: messages.signUpTitle },
        experience,
        closedNotice: experience.signUp.closedNotice?.(messages),
      },
      send: (body: Promise<string> | string, status: 200 | 400 | 403 | 422 | 429 | 500 = 200) => {
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
    const experience = (await found.experienceOf?.(String(interaction.params.client_id))) ?? found.experience;
    const withApp = { ...found, experience };
    // The tenant's own phrases in the page's language, over the built-in text.
    const phrases = await found.customPhrases?.of(languageOf(c, withApp, interaction).phrasesTag);
    return { found: { ...withApp, phrases }, interaction };
  };

  /**
   * The site's answer to the consent prompt: a response to send (a consent granted without a page, which ends the
   * interaction, or the expired page without an answer), or a consent page's request.
   */
  const answerConsent = async (c: Ctx, found: SignInSite, interaction: Interaction) => {
    const answer = await found.consent?.(c, interaction);
    if (answer instanceof Response) {
      await logOf(c, found, interaction).step({ key: 'Interaction.End', userId: interaction.session?.accountId });
      return answer;
    }
    return answer ?? expired(c, found);
  };

  /** The registration refusals the flow decides alone, without an effect that logs them. */
  const logRefusedRegistration = async (c: Ctx, found: SignInSite, interaction: Interaction, snapshot: SignInSnapshot, event: SignInFlowEvent) => {
    if (event.type !== 'REGISTER') return;
    const { notice, errors } = snapshot.context;
    const step: InteractionStep | undefined =
      notice === 'registration_not_allowed'
        ? { key: 'Interaction.Register.Submit', result: 'Error', error: { code: 'user.registration_not_allowed' } }
        : Object.keys(errors).length > 0
          ? { key: 'Interaction.Register.Verification.NewPasswordIdentity.Submit', result: 'Error', error: { code: 'guard.invalid_input', fields: Object.keys(errors) } }
          : undefined;
    if (step) await logOf(c, found, interaction).step(step);
  };

  /** One step of the interaction's flow: its event (from the posted form), then its page or the redirect it ends in. */
  const flowStep = (toEvent?: (form: Form) => SignInFlowEvent, logged?: 'SignIn' | 'Register') => async (c: Ctx) => {
    const { found, interaction } = await load(c);
    if (!found || !interaction) return expired(c, found);
    const prompt = interaction.prompt.name;
    if (prompt !== 'login' && prompt !== 'consent') return expired(c, found);
    const consent = prompt === 'consent' ? await answerConsent(c, found, interaction) : undefined;
    if (consent instanceof Response) return consent;
    const stored = await found.flows.read(interaction.uid);
    // Back from the provider without its answer: the first screen again, not the provider once more.
    const away = !toEvent && stored?.value === 'socialRedirect';
    const event = away ? { type: 'SHOW_SIGN_IN' as const } : toEvent?.(c.req.method === 'POST' ? await c.req.parseBody() : c.req.query());
    if (logged) await logOf(c, found, interaction).event(logged);
    const { view, send } = render(c, found, interaction);
    const connectors = await found.codes?.connectors();
    const input: SignInFlowInput = { prompt, settings: view.experience.settings, params: interaction.params, ...(connectors ? { connectors } : {}) };
    const effects = signInEffects({
      c,
      site: found,
      interaction,
      rules: rulesOf(input),
      passwordPolicy: view.experience.settings.passwordPolicy,
      locale: view.locale,
      consentRequest: consent,
      grantedConsent: (only) => consentResult(found.provider, interaction, only),
    });
    const { snapshot, persisted } = await stepSignInFlow(stored, input, effects, event);
    // A page shown again (a reload, Back) changes nothing to store.
    if (canonicalJson(persisted) !== canonicalJson(stored)) await found.flows.write(interaction.uid, persisted);
    if (event && !effects.ran.has('createAccount')) await logRefusedRegistration(c, found, interaction, snapshot, event);
    if ((snapshot.status === 'done' || snapshot.matches('socialRedirect')) && snapshot.context.redirectTo) return c.redirect(snapshot.context.redirectTo, 303);
    const social = await found.social?.buttons(snapshot.context.rules.socialTargets);
    return send(flowPage({ ...view, social }, snapshot, consent), flowStatus(snapshot));
  };

  app.get('/:uid', flowStep());
  app.get(`/:uid/${steps.signIn}`, flowStep(() => ({ type: 'SHOW_SIGN_IN' })));
  app.get(`/:uid/${steps.signUp}`, flowStep(() => ({ type: 'SHOW_REGISTER' })));
  app.post(
    `/:uid/${steps.signIn}`,
    flowStep((form) => ({ type: 'SIGN_IN', identifier: identifierOf(form), password: formText(form, 'password'), agreed: Boolean(formText(form, 'agreeToTerms')) }), 'SignIn'),
  );
  app.post(`/:uid/${flowSteps.identifier}`, flowStep((form) => ({ type: 'IDENTIFY', identifier: identifierOf(form) })));
  app.post(
    `/:uid/${steps.signUp}`,
    flowStep(
      (form) => ({
        type: 'REGISTER',
        values: { username: identifierOf(form, 'username'), email: identifierOf(form, 'email'), phone: identifierOf(form, 'phone') },
        password: formText(form, 'password'),
        confirmPassword: formText(form, 'confirmPassword'),
        agreed: Boolean(formText(form, 'agreeToTerms')),
      }),
      'Register',
    ),
  );
  app.post(`/:uid/${flowSteps.terms}`, flowStep((form) => ({ type: formText(form, 'decision') === 'agree' ? 'AGREE' : 'DECLINE' })));
  app.post(`/:uid/${flowSteps.profile}`, flowStep((form) => ({ type: 'COMPLETE_PROFILE', value: identifierOf(form, 'email') || identifierOf(form, 'username') })));
  app.get(`/:uid/${flowSteps.forgotPassword}`, flowStep(() => ({ type: 'FORGOT_PASSWORD' })));
  app.post(`/:uid/${flowSteps.forgotPassword}`, flowStep((form) => ({ type: 'FORGOT_PASSWORD', identifier: identifierOf(form) })));
  app.post(`/:uid/${flowSteps.sendCode}`, flowStep(() => ({ type: 'SEND_CODE' })));
  app.post(`/:uid/${flowSteps.code}`, flowStep((form) => ({ type: 'VERIFY_CODE', code: formText(form, 'code').slice(0, 32) })));
  app.post(`/:uid/${flowSteps.usePassword}`, flowStep(() => ({ type: 'USE_PASSWORD' })));
  app.post(`/:uid/${flowSteps.newPassword}`, flowStep((form) => ({ type: 'SET_PASSWORD', password: formText(form, 'password'), confirmPassword: formText(form, 'confirmPassword') })));
  app.post(`/:uid/${consentStep}`, flowStep((form) => ({ type: 'CONSENT', authorize: formText(form, 'decision') === 'authorize' })));
  app.post(`/:uid/${flowSteps.retry}`, flowStep(() => ({ type: 'RETRY' })));
  app.post(`/:uid/${flowSteps.social}`, flowStep((form) => ({ type: 'SOCIAL', target: formText(form, 'target') }), 'SignIn'));
  app.get(`/:uid/${flowSteps.socialCallback}`, flowStep((query) => ({ type: 'SOCIAL_CALLBACK', data: providerAnswer(query) })));

  return app;
};
