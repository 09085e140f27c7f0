import { html, raw } from 'hono/html';
import type { SignInIdentifier } from '#schemas/sign-in-experience.ts';
import { identifierMaxLength } from '#schemas/user.ts';
import { field } from './layout.ts';
import type { Messages } from './messages.ts';
import type { ConsentRequest } from './sign-in-site.ts';
import { signInPage, type ViewContext } from './sign-in-chrome.ts';

export type { ViewContext } from './sign-in-chrome.ts';

const labelOf = (t: Messages, identifier: SignInIdentifier) => ({ username: t.usernameLabel, email: t.emailLabel, phone: t.flow.phoneLabel })[identifier];

/** The label of a field that takes any of `identifiers`, in their configured order. */
export const identifierLabel = (t: Messages, identifiers: SignInIdentifier[], locale: string) => {
  if (identifiers.length === 2 && identifiers.includes('username') && identifiers.includes('email')) return t.identifierLabel;
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(identifiers.map((identifier) => labelOf(t, identifier)));
};

/** The terms of a form: a checkbox its submission needs, or a notice that continuing agrees to them. */
export type TermsPart = { required: boolean; links: { url: string; label: string }[]; error?: string };

export const termsPart = (t: Messages, terms: TermsPart | undefined) => {
  if (!terms || terms.links.length === 0) return '';
  const links = terms.links.map(({ url, label }) => html`<a href="${url}">${label}</a>`);
  if (!terms.required) return html`<p>${t.flow.termsNotice}</p><p class="legal">${links}</p>`;
  return html`<div class="field">
    <label><input type="checkbox" name="agreeToTerms" value="yes" ${terms.error ? raw('aria-invalid="true" aria-describedby="terms-error"') : ''} />
      ${t.flow.agreeToTerms}</label>
    <p class="legal">${links}</p>
    ${terms.error ? html`<p class="error" id="terms-error">${terms.error}</p>` : ''}
  </div>`;
};

/** A page-level refusal, above the form. */
export const noticePart = (notice: string | undefined) => (notice ? html`<p class="notice" role="alert">${notice}</p>` : '');

export type SignInState = {
  identifier?: string;
  identifierError?: string;
  passwordError?: string;
  /** The identifiers the form accepts, in order (default: the experience's). */
  identifiers?: SignInIdentifier[];
  /** Whether the page links to registration (default: the experience's). */
  registerLink?: boolean;
  terms?: TermsPart;
  notice?: string;
  /** Other ways in, below the form (the social buttons). */
  alternatives?: unknown;
};

export const signInView = (context: ViewContext, state: SignInState = {}) => {
  const { messages: t, forms, titles, experience } = context;
  const registerLink = state.registerLink ?? experience.signUp.enabled;
  return signInPage(context, {
    title: titles.signIn,
    body: html`${noticePart(state.notice)}<form method="post" action="${forms.signIn}" novalidate>
        ${field({
          id: 'identifier',
          label: identifierLabel(t, state.identifiers ?? experience.signIn.identifiers, context.locale),
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
        ${termsPart(t, state.terms)}
        <button type="submit">${t.signInButton}</button>
      </form>
      ${state.alternatives ?? ''}
      ${registerLink
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
  /** The identifiers the form asks for, in order (default: the experience's). */
  identifiers?: ('username' | 'email')[];
  terms?: TermsPart;
  notice?: string;
  /** Whether the page links to sign-in. */
  signInLink?: boolean;
  alternatives?: unknown;
};

/** The registration fields of each identifier, in the order the experience lists them. */
const identifierFields = {
  username: { id: 'username', autocomplete: 'username' },
  email: { id: 'email', type: 'email', autocomplete: 'email' },
} as const;

export const signUpView = (context: ViewContext, state: SignUpState = {}) => {
  const { messages: t, forms, titles, experience } = context;
  const errors = state.errors ?? {};
  const identifiers = state.identifiers ?? experience.signUp.identifiers;
  const firstInvalid = (['username', 'email', 'password', 'confirmPassword'] as const).find((key) => errors[key]) ?? identifiers[0];
  return signInPage(context, {
    title: titles.signUp,
    body: html`${noticePart(state.notice)}<form method="post" action="${forms.signUp}" novalidate>
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
        ${termsPart(t, state.terms)}
        <button type="submit">${t.createAccountButton}</button>
      </form>
      ${state.alternatives ?? ''}
      ${state.signInLink === false ? '' : html`<p class="switch">${t.haveAccount} <a href="${forms.signIn}">${t.toSignIn}</a></p>`}`,
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
