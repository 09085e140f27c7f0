import { expect, test } from 'vitest';
import { indexTarget } from '../../src/app/index-target.ts';
import { firstVisibleSidebarItem, visibleSidebarSections } from '../../src/ui/sidebar/items.ts';
import { defaultAdminPreferences } from '../../schemas/preferences.ts';

const keysOf = (edition: 'cloud' | 'self-hosted') => visibleSidebarSections(edition).map(({ key, items }) => [key, items.map((item) => item.key)]);

test('the sidebar of the spec; get started, dashboard and tenant settings only in cloud', () => {
  expect(keysOf('cloud')).toEqual([
    ['overview', ['get_started', 'dashboard']],
    ['authentication', ['applications', 'sign_in_experience', 'mfa', 'connectors', 'enterprise_sso']],
    ['authorization', ['api_resources', 'roles', 'organization_template']],
    ['users', ['organizations', 'users']],
    ['developer', ['signing_keys', 'customize_jwt', 'webhooks', 'audit_logs']],
    ['tenant', ['tenant_settings']],
  ]);
  expect(keysOf('self-hosted')).toEqual([
    ['authentication', ['applications', 'sign_in_experience', 'mfa', 'connectors', 'enterprise_sso']],
    ['authorization', ['api_resources', 'roles', 'organization_template']],
    ['users', ['organizations', 'users']],
    ['developer', ['signing_keys', 'customize_jwt', 'webhooks', 'audit_logs']],
  ]);
});

test('the first visible sidebar item is where a tenant index leads', () => {
  expect(firstVisibleSidebarItem('cloud')?.to).toBe('/$tenantId/get-started');
  expect(firstVisibleSidebarItem('self-hosted')?.to).toBe('/$tenantId/applications');
});

const tenants = [{ id: 'first' }, { id: 'second' }];

test('self-hosted: the index leads to the default tenant, for its members only', () => {
  expect(indexTarget('self-hosted', [{ id: 'default' }], defaultAdminPreferences)).toEqual({ kind: 'tenant', tenantId: 'default' });
  expect(indexTarget('self-hosted', [], defaultAdminPreferences)).toEqual({ kind: 'landing' });
});

test('cloud: the stored default tenant when the user is a member, else the first tenant', () => {
  expect(indexTarget('cloud', tenants, { ...defaultAdminPreferences, defaultTenantId: 'second' })).toEqual({ kind: 'tenant', tenantId: 'second' });
  expect(indexTarget('cloud', tenants, { ...defaultAdminPreferences, defaultTenantId: 'gone' })).toEqual({ kind: 'tenant', tenantId: 'first' });
  expect(indexTarget('cloud', tenants, defaultAdminPreferences)).toEqual({ kind: 'tenant', tenantId: 'first' });
});

test('cloud: onboarding when it is pending, the landing when there is no tenant', () => {
  expect(indexTarget('cloud', tenants, { ...defaultAdminPreferences, isOnboardingDone: false })).toEqual({ kind: 'onboarding' });
  expect(indexTarget('cloud', [], defaultAdminPreferences)).toEqual({ kind: 'landing' });
});
