import { html } from 'hono/html';
import { identifierMaxLength } from '#schemas/user.ts';
import type { Identifier } from './experience.ts';
import { field } from './layout.ts';
import type { Messages } from './messages.ts';
import type { ConsentRequest } from './sign-in-site.ts';
import { signInPage, type ViewContext } from './sign-in-chrome.ts';

export type { ViewContext } from './sign-in-chrome.ts';

/** The label of the sign-in identifier: what the experience accepts. */
const identifierLabel = (t: Messages, identifiers: Identifier[]) =>
  identifiers.length > 1 ? t.identifierLabel : identifiers[0] === 'email' ? t.emailLabel : t.usernameLabel;

export type SignInState = {
  identifier?: string;
  identifierError?: string;
  passwordError?: string;
  /** Closed in the self-hosted edition once the console has its first admin: the page says so instead of linking to it. */
  signUpOpen?: boolean;
};

export const signInView = (context: ViewContext, state: SignInState = {}) => {
  const { messages: t, forms, titles, experience } = context;
  return signInPage(context, {
    title: titles.signIn,
    body: html`<form method="post" action="${forms.signIn}" novalidate>
        ${field({
          id: 'identifier',
          label: identifierLabel(t, experience.signIn.identifiers),
          autocomplete: 'username',
          value: state.identifier ?? '',
          error: state.identifierError,
          autofocus: !state.passwordError,
          required: true,
          maxLength: identifierMaxLength,
        })}
        ${field({
          id: 'password',
          label: t.passwordLabel,
          type: 'password',
          autocomplete: 'current-password',
          error: state.passwordError,
          autofocus: Boolean(state.passwordError) && !state.identifierError,
          required: true,
        })}
        <button type="submit">${t.signInButton}</button>
      </form>
      ${experience.signUp.enabled
        ? html`<p class="switch">${t.noAccount} <a href="${forms.signUp}">${t.toSignUp}</a></p>`
        : experience.signUp.closedNotice
          ? html`<p class="switch">${experience.signUp.closedNotice(t)}</p>`
          : ''}`,
  });
};

export type SignUpState = {
  username?: string;
  email?: string;
  errors?: Partial<Record<'username' | 'email' | 'password' | 'confirmPassword', string>>;
};

/** The registration fields of each identifier, in the order the experience lists them. */
const identifierFields = {
  username: { id: 'username', autocomplete: 'username' },
  email: { id: 'email', type: 'email', autocomplete: 'email' },
} as const;

export const signUpView = (context: ViewContext, state: SignUpState = {}) => {
  const { messages: t, forms, titles, experience } = context;
  const errors = state.errors ?? {};
  const { identifiers } = experience.signUp;
  const firstInvalid = (['username', 'email', 'password', 'confirmPassword'] as const).find((key) => errors[key]) ?? identifiers[0];
  return signInPage(context, {
    title: titles.signUp,
    body: html`<form method="post" action="${forms.signUp}" novalidate>
        ${identifiers.map((id) =>
          field({
            ...identifierFields[id],
            label: id === 'email' ? t.emailLabel : t.usernameLabel,
            hint: id === 'username' && identifiers.length > 1 ? t.usernameHint : undefined,
            value: state[id] ?? '',
            error: errors[id],
            autofocus: firstInvalid === id,
            required: identifiers.length === 1,
            maxLength: identifierMaxLength,
          }),
        )}
        ${field({
          id: 'password',
          label: t.passwordLabel,
          type: 'password',
          autocomplete: 'new-password',
          error: errors.password,
          autofocus: firstInvalid === 'password',
          required: true,
        })}
        ${field({
          id: 'confirmPassword',
          label: t.confirmPasswordLabel,
          type: 'password',
          autocomplete: 'new-password',
          error: errors.confirmPassword,
          autofocus: firstInvalid === 'confirmPassword',
          required: true,
        })}
        <button type="submit">${t.createAccountButton}</button>
      </form>
      <p class="switch">${t.haveAccount} <a href="${forms.signIn}">${t.toSignIn}</a></p>`,
  });
};

/** The OIDC scopes a consent page names: openid is the sign-in itself. */
const namedScopes = (t: Messages, scopes: string[]) =>
  scopes.flatMap((scope) => (Object.hasOwn(t.consentScopes, scope) ? [t.consentScopes[scope as keyof Messages['consentScopes']]] : []));

/** A third-party app's consent page: what it gets once authorized; Cancel ends the sign-in with access_denied. */
export const consentView = (context: ViewContext, request: ConsentRequest) => {
  const { messages: t, forms } = context;
  return signInPage(context, {
    title: t.consentTitle,
    body: html`<p>${t.consentIntro(request.applicationName)}</p>
      <ul>
        ${namedScopes(t, request.oidcScopes).map((name) => html`<li>${name}</li>`)}
      </ul>
      ${request.resources.map(
        (resource) =>
          html`<h2>${resource.name}</h2>
            <ul>
              ${resource.scopes.map((scope) => html`<li><strong>${scope.name}</strong>${scope.description ? html`: ${scope.description}` : ''}</li>`)}
            </ul>`,
      )}
      <form method="post" action="${forms.consent}">
        <button type="submit" name="decision" value="authorize">${t.authorizeButton}</button>
        <p class="switch"><button type="submit" name="decision" value="cancel" class="secondary">${t.cancelButton}</button></p>
      </form>`,
  });
};

/** A page that only says something, with a link back (to the console) when there is one to give, and the support links. */
export const messageView = (
  context: Pick<ViewContext, 'locale' | 'nonce' | 'messages' | 'experience'>,
  title: string,
  message: string,
  consoleUrl?: string,
) =>
  signInPage(context, {
    title,
    body: html`<p role="alert">${message}</p>
      ${consoleUrl ? html`<p class="switch"><a href="${consoleUrl}">${context.messages.backToConsole}</a></p>` : ''}`,
  });
