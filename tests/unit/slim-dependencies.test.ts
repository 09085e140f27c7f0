import { expect, test } from 'vitest';
import camelcaseKeysPackage from 'camelcase-keys';
import { RemoveScroll as removeScrollPackage } from 'react-remove-scroll';
import camelcaseKeys from '#src/auth/camelcase-keys.ts';
import { RemoveScroll } from '#src/ui/app-shell-scroll.ts';
import { logtoCamelcaseKeys } from '../../vite.logto-camelcase.ts';
import { tableWithoutScrollArea } from '../../vite.table-scroll.ts';

/** The names of an OpenID Connect discovery document (OIDC Discovery §3, RFC 8414, RFC 9126, RP-initiated logout) and a token response (RFC 6749 §5.1). */
const oidcNames = [
  'issuer', 'authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri', 'registration_endpoint', 'scopes_supported',
  'response_types_supported', 'response_modes_supported', 'grant_types_supported', 'acr_values_supported', 'subject_types_supported',
  'id_token_signing_alg_values_supported', 'id_token_encryption_alg_values_supported', 'userinfo_signing_alg_values_supported',
  'request_object_signing_alg_values_supported', 'token_endpoint_auth_methods_supported', 'token_endpoint_auth_signing_alg_values_supported',
  'display_values_supported', 'claim_types_supported', 'claims_supported', 'service_documentation', 'claims_locales_supported',
  'ui_locales_supported', 'claims_parameter_supported', 'request_parameter_supported', 'request_uri_parameter_supported',
  'require_request_uri_registration', 'op_policy_uri', 'op_tos_uri', 'end_session_endpoint', 'revocation_endpoint',
  'introspection_endpoint', 'code_challenge_methods_supported', 'pushed_authorization_request_endpoint',
  'require_pushed_authorization_requests', 'authorization_response_iss_parameter_supported', 'backchannel_logout_supported',
  'backchannel_logout_session_supported', 'frontchannel_logout_supported', 'frontchannel_logout_session_supported',
  'dpop_signing_alg_values_supported', 'access_token', 'id_token', 'refresh_token', 'token_type', 'expires_in', 'scope',
];

test("the sign-in client's key rename names an OpenID Connect answer's keys as camelcase-keys does", () => {
  const answer = Object.fromEntries(oidcNames.map((name, index) => [name, index % 2 === 0 ? [name] : { nested_key: index }]));
  expect(camelcaseKeys(answer)).toEqual(camelcaseKeysPackage(answer));
  expect(camelcaseKeys([answer, answer])).toEqual(camelcaseKeysPackage([answer, answer]));
  expect(camelcaseKeys('not an object')).toBe('not an object');
});

test("the top bar's scroll-lock class names are react-remove-scroll's", () => {
  expect(RemoveScroll.classNames).toEqual(removeScrollPackage.classNames);
});

/** The module a plugin's resolveId gives for `source` imported from `importer`. */
const resolved = (plugin: { resolveId?: unknown }, source: string, importer: string) => (plugin.resolveId as (source: string, importer: string) => string | undefined)(source, importer);

test('only the importers named get the slim modules: other packages keep camelcase-keys, other components their own modules', () => {
  const table = tableWithoutScrollArea();
  expect(resolved(table, './TableScrollContainer.mjs', '/n/node_modules/@mantine/core/esm/components/Table/Table.mjs')).toMatch(/no-scroll-container\.ts$/);
  expect(resolved(table, './TableScrollContainer.mjs', '/n/node_modules/other/Table.mjs')).toBeUndefined();
  const keys = logtoCamelcaseKeys();
  expect(resolved(keys, 'camelcase-keys', '/n/node_modules/@logto/js/lib/core/fetch-token.js')).toMatch(/camelcase-keys\.ts$/);
  expect(resolved(keys, 'camelcase-keys', '/n/node_modules/other/index.js')).toBeUndefined();
});
