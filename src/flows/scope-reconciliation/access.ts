import { createContext, useContext } from 'react';
import { noTenantAccess, type TenantAccess } from '#src/rules/tenant-access.ts';

/** The current tenant's access flags, from the reconciled member scopes; none outside a checked tenant. */
export const TenantAccessContext = createContext<TenantAccess>(noTenantAccess);

export const useTenantAccess = () => useContext(TenantAccessContext);
