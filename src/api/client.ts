import { t } from '@lingui/core/macro';
import { isAuthError } from '#machines/session-errors.ts';
import { organizationIdOf, requestTimeout, resourceIndicators, defaultTenantId } from '#schemas/constants.ts';
import { totalNumberHeader, totalNumberIsCappedHeader } from '#schemas/paging.ts';
import type { RuntimeConfig } from '../config.ts';
import { hasFeature } from '../edition.ts';
import { http } from './http.ts';
import { ApiError, markReported, reportApiError, toApiError, type ErrorFeedback, type ErrorHandling, type SessionPort } from './errors.ts';
import { createAdminConsoleConfigApi } from './admin-console-config.ts';
import type { BillingApi } from './billing.ts';
import type { ApplicationRolesApi } from './management/application-roles.ts';
import type { ApplicationsApi } from './management/applications.ts';
import type { ConnectorsApi } from './management/connectors.ts';
import type { JwtCustomizerApi } from './management/jwt-customizer.ts';
import type { LogsApi } from './management/logs.ts';
import type { ResourcesApi } from './management/resources.ts';
import type { SigningKeysApi } from './management/signing-keys.ts';
import type { RolesApi } from './management/roles.ts';
import type { WebhooksApi } from './management/webhooks.ts';
import type { SignInExperienceApi } from './management/sign-in-experience.ts';
import type { UsersApi } from './management/users.ts';
import { createInvitationsApi } from './invitations.ts';
import { createMeBasics } from './me-basics.ts';
import type { MeApi } from './me.ts';
import { createMembersApi } from './members.ts';
import { withRetry, type RetryOptions } from './retry.ts';
import { createTenantsApi } from './tenants.ts';

/** Where tokens come from: the signed-in @logto/browser client. */
export type TokenSource = {
  getAccessToken: (resource: string) => Promise<string>;
  getOrganizationToken: (organizationId: string) => Promise<string>;
};

export type ApiClientOptions = {
  config: RuntimeConfig;
  tokens: () => Promise<TokenSource>;
  feedback: ErrorFeedback;
  session: SessionPort;
  language: () => string;
  retry?: RetryOptions;
};

type Audience = { resource: string } | { organizationId: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestOptions = ErrorHandling & {
  query?: Record<string, string | number>;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this request beyond the client's own (`If-Match`). */
  headers?: Record<string, string>;
};
/** A page of a list; `capped` when the total stopped at the server's count cap (Total-Number-Is-Capped): there are more. */
export type Page<T> = { items: T[]; total: number; capped?: boolean };
/** Requests to one audience: a resource, or a tenant's organization. */
export type Requester = {
  request: <T>(method: Method, path: string, options?: RequestOptions) => Promise<T>;
  /** The same request, answering the body with the response's headers (an `ETag`). */
  requestWithHeaders: <T>(method: Method, path: string, options?: RequestOptions) => Promise<{ data: T; headers: Headers }>;
};
/** A requester that also reads paged lists. */
export type ListRequester = Requester & {
  getPage: <T>(path: string, options: RequestOptions & { page: number; pageSize: number }) => Promise<Page<T>>;
};
/** The cloud API with its resource token, and with a tenant's organization token for tenant-scoped routes. */
export type CloudRequesters = { cloud: Requester; organization: (tenantId: string) => Requester };

export function createApiClient({ config, tokens, feedback, session, language, retry }: ApiClientOptions) {
  const bearer = async (audience: Audience) => {
    try {
      const source = await tokens();
      return 'resource' in audience
        ? await source.getAccessToken(audience.resource)
        : await source.getOrganizationToken(audience.organizationId);
    } catch (error) {
      // Only a refused grant (or no sign-in kept) is a 401, which signs in again; a refresh that failed for now (the
      // sign-in client has already tried it again) fails this request like a network error. A tenant's organization
      // token refused while the sign-in still buys the cloud API's token means no membership (removed from the tenant,
      // say): a 403 for this request, not a sign-out.
      const message = error instanceof Error ? error.message : String(error);
      const status = isAuthError(error) ? ('organizationId' in audience && (await signedIn()) ? 403 : 401) : undefined;
      throw new ApiError(message, status, undefined, { cause: error });
    }
  };
  const signedIn = () =>
    tokens().then((source) => source.getAccessToken(resourceIndicators.cloud)).then(() => true, () => false);

  /**
   * The console's error policy, for the request client's part: every failure goes through the catalogue (401, 403,
   * auth.forbidden), a read never toasts (its page shows its error state), and a write to a tenant's management API
   * toasts through the mutation kit (src/data/client.ts), which knows the codes the page shows itself. Any other write
   * toasts here unless its caller declares it handles the code.
   */
  const report = async (error: ApiError, method: Method, kitReports: boolean, options: RequestOptions) => {
    if (kitReports) return reportApiError(error, { feedback, session }, { hideErrorToast: true });
    await reportApiError(error, { feedback, session }, method === 'GET' ? { hideErrorToast: true } : options);
    markReported(error);
  };

  async function send<T>(audience: Audience, baseURL: string, method: Method, path: string, options: RequestOptions, kitReports: boolean) {
    const run = async () => {
      const headers = { ...options.headers, Authorization: `Bearer ${await bearer(audience)}`, 'Accept-Language': language() };
      try {
        const { query, signal } = options;
        return await http<T>(`${baseURL}${path}`, { method, headers, query, signal, body: options.body, timeout: requestTimeout });
      } catch (error) {
        throw toApiError(error);
      }
    };
    try {
      // Reads are retried (never on 401 and 403); writes are sent once.
      return await (method === 'GET' ? withRetry(run, retry) : run());
    } catch (error) {
      const apiError = toApiError(error);
      // The caller aborted the request: nothing to report.
      if (options.signal?.aborted) markReported(apiError);
      else await report(apiError, method, kitReports, options);
      throw apiError;
    }
  }

  const resourceApi = (audience: Audience, baseURL: string, kitReports = false): ListRequester => ({
    request: async <T>(method: Method, path: string, options: RequestOptions = {}) =>
      (await send<T>(audience, baseURL, method, path, options, kitReports)).data,
    requestWithHeaders: async <T>(method: Method, path: string, options: RequestOptions = {}) => {
      const response = await send<T>(audience, baseURL, method, path, options, kitReports);
      return { data: response.data, headers: response.headers };
    },
    /** A paged list: `page` and `page_size` in, the total from the Total-Number header out (and whether it is capped). */
    getPage: async <T>(path: string, { page, pageSize, ...options }: RequestOptions & { page: number; pageSize: number }): Promise<Page<T>> => {
      const query = { ...options.query, page, page_size: pageSize };
      const response = await send<T[]>(audience, baseURL, 'GET', path, { ...options, query }, kitReports);
      const total = response.headers.get(totalNumberHeader);
      if (total === null) throw new Error(t`missing total number`);
      const capped = response.headers.get(totalNumberIsCappedHeader) === 'true';
      return { items: response.data ?? [], total: Number(total), ...(capped ? { capped } : {}) };
    },
  });

  const endpoint = config.endpoint.replace(/\/$/, '');
  const me = resourceApi({ resource: resourceIndicators.me }, endpoint);
  const cloudRequesters: CloudRequesters = {
    cloud: resourceApi({ resource: resourceIndicators.cloud }, endpoint),
    organization: (tenantId) => resourceApi({ organizationId: organizationIdOf(tenantId) }, endpoint),
  };
  const tenants = createTenantsApi(cloudRequesters);
  /** The management API of a tenant: organization token and /m/{tenantId} in cloud, the default tenant's resource otherwise. */
  const managementApi = (kitReports: boolean) => (tenantId: string) =>
    hasFeature(config.edition, 'organizationTokens')
      ? resourceApi({ organizationId: organizationIdOf(tenantId) }, `${endpoint}/m/${encodeURIComponent(tenantId)}`, kitReports)
      : resourceApi({ resource: resourceIndicators.management(defaultTenantId) }, endpoint, kitReports);
  const tenant = managementApi(true);

  return {
    /** What the preferences store needs of the Me API. */
    me: createMeBasics(me),
    /** The requesters that the APIs made on first use build on (profileApi, billingApi). */
    requesters: { me, ...cloudRequesters },
    /** Kept for the session's fetchTenants; the same functions as `tenants`. */
    cloud: { getTenants: tenants.listTenants, createTenant: tenants.createTenant },
    tenants,
    members: createMembersApi(cloudRequesters),
    invitations: createInvitationsApi(cloudRequesters),
    // The admin-console config is written with a plain request (src/data/admin-console-config.ts): this client toasts.
    adminConsoleConfig: createAdminConsoleConfigApi(managementApi(false)),
    /** A tenant's management API, for the calls of each entity (below). */
    tenant,
  };
}

/**
 * Each entity's calls on a tenant's management API (./management/). Its data module (src/data/) makes them on first use,
 * so that they and the guards they parse with load with the entity's pages, not with the first screen.
 */
export type ManagementApis = {
  resources: ResourcesApi;
  roles: RolesApi;
  applications: ApplicationsApi;
  applicationRoles: ApplicationRolesApi;
  users: UsersApi;
  logs: LogsApi;
  signInExperience: SignInExperienceApi;
  signingKeys: SigningKeysApi;
  connectors: ConnectorsApi;
  jwtCustomizer: JwtCustomizerApi;
  webhooks: WebhooksApi;
};

/**
 * The profile page's calls on the Me API and the billing calls (plans, checkout, subscription, invoices), made on first
 * use by profileApi (src/api/me.ts) and billingApi (src/api/billing.ts): their guards stay off the first screen.
 */
export type AccountApis = { profile: MeApi; billing: BillingApi };

export type ApiClient = ReturnType<typeof createApiClient> & Partial<ManagementApis> & Partial<AccountApis>;
