
/** The setup guides (Markdown, shown beside the form) and logos of the standard social factories. */

/** An SVG logo as a data URI, which the sign-in pages' CSP allows. */
const svgLogo = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

const letterLogo = (background: string, letter: string, foreground = '#ffffff') =>
  svgLogo(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${background}"/>` +
      `<text x="16" y="22" font-family="Arial,sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="${foreground}">${letter}</text></svg>`,
  );

export const logos = {
  oidc: letterLogo('#f78c40', 'ID'),
  oauth2: letterLogo('#2a5db0', 'OA'),
  google: letterLogo('#ffffff', 'G', '#4285f4'),
  github: letterLogo('#24292f', 'GH'),
  githubDark: letterLogo('#f0f6fc', 'GH', '#24292f'),
  microsoft: letterLogo('#00a4ef', 'MS'),
  apple: letterLogo('#000000', 'A'),
  appleDark: letterLogo('#ffffff', 'A', '#000000'),
};

const callbackStep = `Copy the **Callback URI** shown on this page into the provider's list of allowed redirect URIs. It
is \`{your sign-in address}/t/{tenant}/callback/{connector id}\`, exactly as the sign-in pages send it.`;

const linking = `**Linking.** A person who signs in for the first time gets a new user, unless a user of this tenant
already has the same e-mail, verified both here and by the provider: then the identity is linked to that user. An
e-mail the provider does not vouch for never links.`;

export const readmes = {
  oidc: `# OpenID Connect (standard)

Sign in through any OpenID Connect provider: another Gatehouse tenant, Keycloak, Okta, Auth0, Entra ID…

1. At the provider, register a **confidential web application** (in Gatehouse: a *Traditional* application) and note its
   client ID and client secret.
2. ${callbackStep}
3. Here, give the provider's **issuer** (for another Gatehouse tenant: \`https://{host}/t/{tenant id}/oidc\`). The
   endpoints come from its discovery document; fill in the authorization, token and JWKS endpoints only for a provider
   without one.
4. Give the **scope**: \`openid\` is always added; \`profile email\` bring the name and e-mail.
5. Save, add the connector to the sign-in experience's social buttons, and try it.

The sign-in uses the authorization code flow with PKCE, a state bound to the sign-in, and a nonce; the ID token's
signature, issuer, audience, expiry and nonce are verified. The user is identified by the token's \`sub\`.

**Trust unverified e-mail**: only for a provider that checks every address it gives out; otherwise an e-mail without
\`email_verified: true\` is never used to link accounts.

${linking}
`,
  oauth2: `# OAuth 2.0 (standard)

Sign in through a provider that speaks plain OAuth 2.0 (no ID token) and has an endpoint that answers the signed-in
user's profile as JSON.

1. At the provider, register an application and note its client ID and client secret.
2. ${callbackStep}
3. Here, fill in the **authorization**, **token** and **user info** endpoints and the **scope** the user info endpoint
   needs.
4. **Profile mapping** says where the user info answer holds each field, as dot paths:
   \`{"id": "id", "email": "email", "name": "name", "avatar": "avatar_url"}\`. \`id\` is required and must never change
   for a person. Add \`"emailVerified": "path.to.boolean"\` only if the provider says whether the e-mail is verified.

PKCE (S256) is sent unless you turn it off for a provider that refuses it.

${linking}
`,
  google: `# Google

1. In the Google Cloud console, open **APIs & Services → Credentials → Create credentials → OAuth client ID**, type
   **Web application**.
2. ${callbackStep}
3. Copy the client ID and client secret here. The scope \`openid profile email\` is enough.
4. While the OAuth consent screen is in *Testing*, only its test users can sign in: publish it for everyone.

Google says whether each e-mail is verified (\`email_verified\`), so a Google account can link to a user with the same
verified e-mail. Add \`{"prompt": "select_account"}\` as extra parameters to let people pick an account each time.
`,
  github: `# GitHub

1. On GitHub, open **Settings → Developer settings → OAuth Apps → New OAuth App**.
2. Set the **Authorization callback URL** to this connector's callback URI. ${callbackStep}
3. Generate a client secret and copy it with the client ID here. The scope \`read:user user:email\` gives the profile.

GitHub's user endpoint does not say whether the e-mail is verified, so a GitHub account never links to an existing user
by e-mail: it registers a new user, or signs in the user it is already linked to.
`,
  microsoft: `# Microsoft (Entra ID)

1. In the Azure portal, open **Microsoft Entra ID → App registrations → New registration**.
2. Add a **Web** platform redirect URI: this connector's callback URI. ${callbackStep}
3. Under **Certificates & secrets**, create a client secret; copy its *value* (not its id) here with the
   **Application (client) ID**.
4. Give your **Directory (tenant) ID**. Apps for any organization (\`common\`) are not supported: their tokens' issuer
   names each person's own directory.

Entra ID does not say whether an e-mail is verified, so these accounts never link to an existing user by e-mail.
`,
  apple: `# Sign in with Apple

1. In Apple Developer, create an **App ID** with *Sign in with Apple*, then a **Services ID**: its identifier is the
   client ID.
2. Configure the Services ID's website: its domain and, as **Return URL**, this connector's callback URI. Apple sends
   the user back with a form post, which the callback accepts. ${callbackStep}
3. Create a **key** for Sign in with Apple and generate the client secret from it: a JWT signed with that key (ES256;
   \`iss\` your team ID, \`sub\` the Services ID, \`aud\` \`https://appleid.apple.com\`), valid for at most six months.
   Paste it here, and generate a new one before it expires.

Apple gives the e-mail (perhaps a private relay address) and says whether it is verified.
`,
};
