import { createContext, useContext } from 'react';
import type { Tenant } from '#schemas/tenant.ts';
import type { PreferencesStore } from '../preferences/store.ts';

/** The signed-in user's tokens, as the tenant-scope checks of the cloud edition need them (spec 01 §4). */
export type TenantTokens = {
  /** The scopes of the organization token of a tenant (its `scope` claim; absent means none). */
  organizationTokenScopes: (tenantId: string) => Promise<string[]>;
  /** Clears the cached access tokens only; the refresh token stays. */
  clearAccessToken: () => Promise<void>;
  /** Clears all tokens and signs in again with a consent prompt, returning to the current location. */
  signInWithConsent: () => Promise<void>;
};

/** App-wide actions the shell's parts call. */
export type ConsoleServices = {
  preferences: PreferencesStore;
  signOut: () => void;
  /** Signs in again from the current location (for example as another account); the session saves it and returns to it. */
  signInAgain: () => void;
  /** The error page's Retry: clears all tokens and reloads. */
  clearTokensAndReload: () => Promise<void>;
  /** Replaces the session's tenant list (after creating, accepting, leaving or deleting a tenant). */
  setTenants: (tenants: Tenant[]) => void;
  /** Reloads the tenant list into the session. */
  refreshTenants: () => Promise<Tenant[]>;
  tenantTokens: TenantTokens;
};

export const ServicesContext = createContext<ConsoleServices | undefined>(undefined);

export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext');
  return services;
}
