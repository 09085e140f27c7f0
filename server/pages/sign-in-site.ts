import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { InteractionEvent, LogResult } from '#schemas/log.ts';
import type { AccountProfile, CodeKind, PasswordlessConnectors, ProfileField } from '#machines/sign-in-flow.ts';
import type { CodeCheck, SendCodeOutcome } from '../tenant/verification-codes/domain.ts';
import type { CodeKey } from '../tenant/verification-codes/store.ts';
import type { SignInExperience } from './experience.ts';
import type { ServerConfig } from '../config.ts';
import type { SignInFlowStore } from './sign-in-flow-store.ts';
import type { Messages } from './messages.ts';
import type { Translation } from '#schemas/custom-phrases.ts';
import type { SocialSite } from './social-effects.ts';

export type Env = { Bindings: HttpBindings };
export type Ctx = Context<Env>;

/** A refused sign-in names the user its identifier matched, if any, for the audit log. */
export type SignInResult =
  | { ok: true; accountId: string; profile?: AccountProfile }
  | { ok: false; reason: 'invalid_credentials' | 'too_many_attempts' | 'suspended'; accountId?: string };
export type SignUpResult = { ok: true; accountId: string } | { ok: false; reason: 'username_taken' | 'email_taken' | 'phone_taken' | 'too_many_attempts' | 'sign_up_closed' };
/** `password` empty: an account without one (a sign-up that asks for none); `verified`: the identifier a code proved. */
export type NewAccount = { username: string; email: string; phone?: string; password: string; verified?: CodeKind };

/** An account as a code finds it: by the e-mail or phone a code went to, or by id for a new password. */
export type CodeAccount = { id: string; suspended: boolean; profile: AccountProfile; name: string | null };

/** The accounts a set of sign-in pages signs in and registers. */
export type Accounts = {
  signIn: (identifier: string, password: string) => Promise<SignInResult>;
  /** `applicationId`: the client that started the sign-in. */
  signUp: (account: NewAccount, applicationId: string) => Promise<SignUpResult>;
  /** Gives a signed-in account the sign-up identifier it lacks (the flow's profile step). */
  saveProfile?: (accountId: string, field: ProfileField, value: string) => Promise<{ ok: true } | { ok: false; reason: 'taken' }>;
  /** The account of an e-mail or phone number, or of an id (the pages with codes). */
  find?: (by: { identifier: string } | { id: string }) => Promise<CodeAccount | undefined>;
  /** Records a sign-in by code, as a password sign-in records its own. */
  signedIn?: (accountId: string) => Promise<void>;
  /** Sets a forgotten password anew and ends the account's sign-ins, except the interaction `keep` (the reset's own). */
  resetPassword?: (accountId: string, password: string, keep: string) => Promise<void>;
};

/** The verification codes of a site's interactions (server/tenant/verification-codes), sent through its connectors. */
export type SignInCodes = {
  connectors: () => Promise<PasswordlessConnectors>;
  /**
   * Stores a code and sends it, the connector's message in `locale`: `now` answers the connector's outcome;
   * `background` answers once the code is stored and sends it meanwhile (a reset's, whose answer must take as long
   * whether an account has the identifier or not); `never` only stores it.
   */
  send: (key: CodeKey, locale: string, delivery: 'now' | 'background' | 'never') => Promise<SendCodeOutcome>;
  check: (key: CodeKey, typed: string) => Promise<CodeCheck>;
};

/**
 * What a third-party app gets once the user authorizes it, shown on the consent page: the OIDC scopes (openid and
 * profile always) and the permissions of each API resource, among those the request asks for.
 */
export type ConsentRequest = {
  applicationName: string;
  oidcScopes: string[];
  resources: { indicator: string; name: string; scopes: { name: string; description: string | null }[] }[];
};

/** A step of an interaction as the audit log records it (audit-logs.md §5): never a password. */
export type InteractionStep = {
  key: string;
  result?: LogResult;
  error?: { code: string; message?: string; [field: string]: unknown };
  userId?: string;
  [field: string]: unknown;
};

/** Where the pages record the steps of an interaction: a tenant's audit log; the console's issuer records none. */
export type InteractionLog = {
  /** The user acts in `event` (posts its form): `Interaction.{event}.Create` the first time, `.Update` when it changes. */
  event: (c: Ctx, interaction: Interaction, event: InteractionEvent) => Promise<void>;
  step: (c: Ctx, interaction: Interaction, step: InteractionStep) => Promise<void>;
};

/** The sign-in flow's webhook events (a tenant's pages): fired once, at the submit of the interaction. */
export type InteractionHooks = {
  /**
   * The user finished `event` as `accountId`: a sign-in ends (`Register` when it made the account, as the flow's result
   * says), or a password was reset.
   */
  submitted: (c: Ctx, interaction: Interaction, accountId: string, event: InteractionEvent) => Promise<void>;
};

/** The issuer whose interactions a set of sign-in pages answers, and what its pages offer. */
export type SignInSite = {
  provider: Provider;
  accounts: Accounts;
  /** Where each interaction's sign-in flow is kept. */
  flows: SignInFlowStore;
  /** Where a new password's breached-password lookup goes. */
  passwords: Pick<ServerConfig, 'breachedPasswordsUrl'>;
  experience: SignInExperience;
  /**
   * A tenant's own phrases over the built-in text: the languages it has them for (a page may be in one that is not built
   * in) and one language's phrases; `phrases`: those of the request's language.
   */
  customPhrases?: { languages: readonly string[]; of: (languageTag: string) => Promise<Translation | undefined> };
  phrases?: Translation;
  /** The experience of a sign-in that the client starts, when it may have one of its own: `experience` with the app's over it. */
  experienceOf?: (clientId: string) => Promise<SignInExperience>;
  /** Where the pages of an interaction are, e.g. /interaction/{uid}. */
  pagePath: (uid: string) => string;
  titles: (t: Messages, experience: SignInExperience) => { signIn: string; signUp: string };
  /** What an expired or unknown interaction says, and the link back it offers, if any. */
  expired: (t: Messages) => { message: string; link?: string };
  /**
   * Answers the consent prompt: with a response (a consent granted without a page), or with what a consent page asks
   * the user for. Without it, or when it answers nothing, the interaction is treated as expired.
   */
  consent?: (c: Ctx, interaction: Interaction) => Promise<Response | ConsentRequest | undefined>;
  /** A first-party client's: the login also answers the consent it asks for, granted by the issuer's loadExistingGrant. */
  consentWithLogin?: boolean;
  log?: InteractionLog;
  hooks?: InteractionHooks;
  /** Verification codes, where the site sends them (a tenant's pages). */
  codes?: SignInCodes;
  /** Social sign-in, where the site has connectors (a tenant's pages). */
  social?: SocialSite;
};

/** The path of each step under `{pagePath}`: the password sign-in and the registration forms. */
export type Steps = { signIn: string; signUp: string };
