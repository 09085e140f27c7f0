/** The channel on which a change to a tenant's issuer is announced, with the tenant's id as payload. */
export const tenantChannel = 'gatehouse_tenant';
