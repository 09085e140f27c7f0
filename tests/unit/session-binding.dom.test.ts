import { expect, test } from 'vitest';
import { storageKeys } from '#schemas/constants.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { signInResources, signInScopes } from '#src/auth/sign-in-config.ts';
import { consoleLocation, publicHref, saveRedirect, takeSavedRedirect } from '#src/flows/session/location.ts';

test('locations are kept relative to /console and restored exactly', () => {
  const location = consoleLocation({ pathname: '/console/profile', search: '?x=1', hash: '#h' });
  expect(location).toEqual({ pathname: '/profile', search: '?x=1', hash: '#h' });
  expect(consoleLocation({ pathname: '/console', search: '', hash: '' }).pathname).toBe('/');

  saveRedirect(sessionStorage, location);
  const restored = takeSavedRedirect(sessionStorage);
  expect(publicHref(restored)).toBe('/console/profile?x=1#h');
  expect(sessionStorage.getItem(storageKeys.redirectAfterSignIn)).toBeNull();
});

test('without a readable saved location the console starts at the root', () => {
  expect(takeSavedRedirect(sessionStorage)).toEqual({ pathname: '/', search: '', hash: '' });
  sessionStorage.setItem(storageKeys.redirectAfterSignIn, '{not json');
  expect(takeSavedRedirect(sessionStorage).pathname).toBe('/');
  sessionStorage.setItem(storageKeys.redirectAfterSignIn, JSON.stringify({ pathname: 'https://elsewhere.example' }));
  expect(takeSavedRedirect(sessionStorage).pathname).toBe('/');
});

test('sign-in scopes and resources per edition', () => {
  const common = ['email', 'identities', 'custom_data', 'urn:logto:scope:organizations', 'urn:logto:scope:organization_roles', 'all'];
  expect(signInScopes('self-hosted')).toEqual(common);
  expect(signInScopes('cloud')).toEqual([
    ...common,
    'read:data', 'write:data', 'delete:data', 'read:member', 'invite:member', 'remove:member', 'update:member:role', 'manage:tenant',
    'create:tenant', 'manage:tenant:self',
  ]);
  expect(signInResources('cloud')).toEqual([resourceIndicators.cloud, resourceIndicators.me]);
  expect(signInResources('self-hosted')).toEqual([resourceIndicators.cloud, resourceIndicators.me, resourceIndicators.management('default')]);
});
