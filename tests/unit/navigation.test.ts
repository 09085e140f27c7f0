import { expect, test } from 'vitest';
import { firstVisibleSidebarItem, visibleSidebarSections } from '#src/ui/sidebar/items.ts';

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
