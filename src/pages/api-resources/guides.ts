import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GuideStep } from '#src/ui/GuideSteps.tsx';
import type { ApiGuideId } from './guide-ids.ts';

/** What a guide's code is filled in with: this API and the tenant's issuer; never a secret. */
export type ApiGuideValues = { indicator: string; issuer: string; scope: string };

export type ApiGuideStep = GuideStep<ApiGuideValues> & { language?: 'bash' | 'ts' };

export type ApiGuide = { id: ApiGuideId; title: MessageDescriptor; summary: MessageDescriptor; steps: ApiGuideStep[] };

const tokenRequest = ({ indicator, issuer, scope }: ApiGuideValues) => `curl -X POST '${issuer}/token' \\
  -u "$CLIENT_ID:$CLIENT_SECRET" \\
  -d grant_type=client_credentials \\
  -d resource='${indicator}' \\
  -d scope='${scope}'`;

/**
 * The API guides (api-resources.md §4). A guide is data: adding one is an entry here. Its steps ask for a token for
 * this API, verify it against the tenant's JWKS, and check its permissions.
 */
export const apiGuides = [
  {
    id: 'node',
    title: msg`Node.js (Express or Hono) with jose`,
    summary: msg`Protect a Node.js API: verify the access token's signature, issuer and audience, then its permissions.`,
    steps: [
      { title: msg`Install jose`, text: msg`jose verifies JSON Web Tokens against the tenant's public keys.`, language: 'bash', code: () => 'npm install jose' },
      {
        title: msg`Get an access token for this API`,
        text: msg`A client asks the tenant's issuer for a token whose resource is this API's identifier. A machine-to-machine app does it like this:`,
        language: 'bash',
        code: tokenRequest,
      },
      {
        title: msg`Verify the token in your API`,
        text: msg`Take the bearer token of each request and check it: a token of another API, an expired one or a forged one is refused.`,
        language: 'ts',
        code: ({ indicator, issuer, scope }) => `import { createRemoteJWKSet, jwtVerify } from 'jose';

const jwks = createRemoteJWKSet(new URL('${issuer}/jwks'));

export async function verifyAccessToken(authorization: string | undefined, required = '${scope}') {
  const token = authorization?.replace(/^Bearer /, '');
  if (!token) throw new Error('missing bearer token');
  const { payload } = await jwtVerify(token, jwks, { issuer: '${issuer}', audience: '${indicator}' });
  const scopes = String(payload.scope ?? '').split(' ');
  if (!scopes.includes(required)) throw new Error(\`missing permission \${required}\`);
  return payload;
}`,
      },
    ],
  },
  {
    id: 'any',
    title: msg`Any language`,
    summary: msg`The checks any API makes on an access token, with the values of this API.`,
    steps: [
      { title: msg`Get an access token for this API`, text: msg`Ask the tenant's token endpoint for this API as the resource:`, language: 'bash', code: tokenRequest },
      {
        title: msg`Verify the token`,
        text: msg`Check the JWT's signature with a key of the JWKS below, that iss is the issuer, that aud is this API's identifier and that exp has not passed.`,
        language: 'bash',
        code: ({ indicator, issuer }) => `JWKS:     ${issuer}/jwks\nissuer:   ${issuer}\naudience: ${indicator}`,
      },
      {
        title: msg`Check the permissions`,
        text: msg`The scope claim lists the token's permissions, separated by spaces. Refuse a request whose permission is missing.`,
      },
    ],
  },
] as const satisfies readonly ApiGuide[];

export const apiGuideOf = (id: string): ApiGuide | undefined => apiGuides.find((guide) => guide.id === id);
