import { html } from 'hono/html';
import { identifierMaxLength } from '../../schemas/user.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { field, page } from './layout.ts';
import type { Messages } from './messages.ts';

type ViewContext = { locale: Locale; nonce: string; messages: Messages; uid: string };

export type SignInState = {
  identifier?: string;
  identifierError?: string;
  passwordError?: string;
  /** Closed in the self-hosted edition once the console has its first admin: the page says so instead of linking to it. */
  signUpOpen?: boolean;
};

export const signInView = ({ locale, nonce, messages: t, uid }: ViewContext, state: SignInState = {}) =>
  page({
    locale,
    nonce,
    title: t.signInTitle,
    body: html`<form method="post" action="/interaction/${uid}/sign-in" novalidate>
        ${field({
          id: 'identifier',
          label: t.identifierLabel,
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
      ${state.signUpOpen === false
        ? html`<p class="switch">${t.signUpClosed}</p>`
        : html`<p class="switch">${t.noAccount} <a href="/interaction/${uid}/sign-up">${t.toSignUp}</a></p>`}`,
  });

export type SignUpState = {
  username?: string;
  email?: string;
  errors?: Partial<Record<'username' | 'email' | 'password' | 'confirmPassword', string>>;
};

export const signUpView = ({ locale, nonce, messages: t, uid }: ViewContext, state: SignUpState = {}) => {
  const errors = state.errors ?? {};
  const firstInvalid = (['username', 'email', 'password', 'confirmPassword'] as const).find((key) => errors[key]) ?? 'username';
  return page({
    locale,
    nonce,
    title: t.signUpTitle,
    body: html`<form method="post" action="/interaction/${uid}/sign-up" novalidate>
        ${field({
          id: 'username',
          label: t.usernameLabel,
          hint: t.usernameHint,
          autocomplete: 'username',
          value: state.username ?? '',
          error: errors.username,
          autofocus: firstInvalid === 'username',
          maxLength: identifierMaxLength,
        })}
        ${field({
          id: 'email',
          label: t.emailLabel,
          type: 'email',
          autocomplete: 'email',
          value: state.email ?? '',
          error: errors.email,
          autofocus: firstInvalid === 'email',
          maxLength: identifierMaxLength,
        })}
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
      <p class="switch">${t.haveAccount} <a href="/interaction/${uid}/sign-in">${t.toSignIn}</a></p>`,
  });
};

export const messageView = (context: Omit<ViewContext, 'uid'>, title: string, message: string, consoleUrl: string) =>
  page({
    locale: context.locale,
    nonce: context.nonce,
    title,
    body: html`<p role="alert">${message}</p>
      <p class="switch"><a href="${consoleUrl}">${context.messages.backToConsole}</a></p>`,
  });
