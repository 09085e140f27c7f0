import { Hono, type Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { adminConsoleAppId, consolePath } from '../../schemas/constants.ts';
import { checkPassword } from '../../schemas/password-policy.ts';
import { emailPattern, identifierMaxLength, usernamePattern } from '../../schemas/user.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAccount, isSignUpOpen, signInWithPassword } from '../accounts/users.ts';
import { createNonce, pageSecurityHeaders } from './layout.ts';
import { pageLocales, pickLocale } from './messages.ts';
import { messageView, signInView, signUpView, type SignUpState } from './views.ts';

type Env = { Bindings: HttpBindings };
type Ctx = Context<Env>;

const formText = (form: Record<string, unknown>, key: string) => {
  const value = form[key];
  return typeof value === 'string' ? value : '';
};

/** Sign-up mode as @logto/browser sends it: `first_screen=register`, or the older `interaction_mode=signUp`. */
const wantsSignUp = (params: Interaction['params']) =>
  params.first_screen === 'register' || params.first_screen === 'identifier:register' || params.interaction_mode === 'signUp';

/** Sign-in, sign-up and the first-party consent of the console: the pages oidc-provider sends the browser to. */
export const interactionRoutes = (provider: Provider, db: Db, config: ServerConfig) => {
  const app = new Hono<Env>();
  const consoleUrl = `${config.publicUrl}${consolePath}`;

  const load = async (c: Ctx) => {
    try {
      const interaction = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
      return interaction.uid === c.req.param('uid') ? interaction : undefined;
    } catch {
      return undefined;
    }
  };

  const render = (c: Ctx, interaction: Interaction | undefined) => {
    const locale = pickLocale(interaction?.params.ui_locales, c.req.header('accept-language'));
    const nonce = createNonce();
    return {
      view: { locale, nonce, messages: pageLocales[locale], uid: interaction?.uid ?? '' },
      send: (body: Promise<string> | string, status: 200 | 400 | 403 | 422 | 429 = 200) => c.html(body, status, pageSecurityHeaders(nonce)),
    };
  };

  const expired = (c: Ctx) => {
    const { view, send } = render(c, undefined);
    return send(messageView(view, view.messages.errorTitle, view.messages.interactionExpired, consoleUrl), 400);
  };

  const finish = async (c: Ctx, result: Parameters<Provider['interactionResult']>[2]) =>
    c.redirect(await provider.interactionResult(c.env.incoming, c.env.outgoing, result, { mergeWithLastSubmission: true }), 303);

  /** The console is first-party: its consent is granted here, without a page. */
  const grantConsent = async (c: Ctx, interaction: Interaction) => {
    const { prompt, params, session } = interaction;
    if (params.client_id !== adminConsoleAppId || !session) return expired(c);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (!grant) return expired(c);
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope);
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes);
    return finish(c, { consent: { grantId: await grant.save() } });
  };

  const showFirstScreen = async (c: Ctx, screen?: 'sign-in' | 'sign-up') => {
    const interaction = await load(c);
    if (!interaction) return expired(c);
    if (interaction.prompt.name === 'consent') return grantConsent(c, interaction);
    if (interaction.prompt.name !== 'login') return expired(c);
    const { view, send } = render(c, interaction);
    const signUpOpen = await isSignUpOpen(db, config.edition);
    const signUp = signUpOpen && (screen ? screen === 'sign-up' : wantsSignUp(interaction.params));
    return send(signUp ? signUpView(view) : signInView(view, { signUpOpen }));
  };

  app.get('/:uid', (c) => showFirstScreen(c));
  app.get('/:uid/sign-in', (c) => showFirstScreen(c, 'sign-in'));
  app.get('/:uid/sign-up', (c) => showFirstScreen(c, 'sign-up'));

  /** A posted form of the login prompt, with the page renderer of its language. */
  const loginForm = async (c: Ctx) => {
    const interaction = await load(c);
    if (interaction?.prompt.name !== 'login') return undefined;
    return { ...render(c, interaction), form: await c.req.parseBody() };
  };

  app.post('/:uid/sign-in', async (c) => {
    const posted = await loginForm(c);
    if (!posted) return expired(c);
    const { view, send, form } = posted;
    const t = view.messages;
    const identifier = formText(form, 'identifier').trim().slice(0, identifierMaxLength);
    const password = formText(form, 'password');
    const signUpOpen = await isSignUpOpen(db, config.edition);
    if (!identifier || !password) {
      return send(
        signInView(view, {
          identifier,
          signUpOpen,
          identifierError: identifier ? undefined : t.identifierRequired,
          passwordError: password ? undefined : t.passwordRequired,
        }),
        400,
      );
    }
    const result = await signInWithPassword(db, identifier, password);
    if (!result.ok) {
      const blocked = result.reason === 'too_many_attempts';
      return send(signInView(view, { identifier, signUpOpen, passwordError: blocked ? t.tooManyAttempts : t.invalidCredentials }), blocked ? 429 : 422);
    }
    return finish(c, { login: { accountId: result.user.id } });
  });

  app.post('/:uid/sign-up', async (c) => {
    const posted = await loginForm(c);
    if (!posted) return expired(c);
    const { view, send, form } = posted;
    const closed = () => send(signInView(view, { signUpOpen: false }), 403);
    if (!(await isSignUpOpen(db, config.edition))) return closed();
    const t = view.messages;
    const username = formText(form, 'username').trim().slice(0, identifierMaxLength);
    const email = formText(form, 'email').trim().slice(0, identifierMaxLength);
    const password = formText(form, 'password');
    const errors: NonNullable<SignUpState['errors']> = {};
    if (!username && !email) errors.username = t.signUpIdentifierRequired;
    if (username && !usernamePattern.test(username)) errors.username = t.invalidUsername;
    if (email && !emailPattern.test(email)) errors.email = t.invalidEmail;
    const rejections = checkPassword(password, { username, email });
    if (rejections.length > 0) errors.password = rejections.map((code) => t.password[code]).join(' ');
    else if (password !== formText(form, 'confirmPassword')) errors.confirmPassword = t.passwordMismatch;
    if (Object.keys(errors).length > 0) return send(signUpView(view, { username, email, errors }), 400);

    const result = await createAccount(db, { username, email, password }, config.edition);
    if (!result.ok && result.reason === 'sign_up_closed') return closed();
    if (!result.ok) {
      const conflict = result.reason === 'username_taken' ? { username: t.usernameTaken } : { email: t.emailTaken };
      return send(signUpView(view, { username, email, errors: conflict }), 422);
    }
    return finish(c, { login: { accountId: result.user.id } });
  });

  return app;
};
