import LogtoClient from '@logto/browser';

/**
 * A tenant's single-page app, as a developer would write it with @logto/browser: it knows only the tenant endpoint
 * and its app id (from the page's query, kept for the callback). Signed in, it shows the ID token's claims and an
 * access token's claims for the resource it was given.
 */
const params = new URLSearchParams(location.search);
if (params.has('endpoint')) sessionStorage.setItem('spa-config', JSON.stringify(Object.fromEntries(params)));
const config = JSON.parse(sessionStorage.getItem('spa-config') ?? '{}') as {
  endpoint: string;
  appId: string;
  resource?: string;
  scope?: string;
  /** Also show the access token asked for without naming an API (the tenant's default API answers it). */
  defaultApi?: string;
};
// `?fresh=1`: forget the access tokens kept so far, so the next one comes from the issuer (through the refresh token).
if (params.has('fresh')) localStorage.removeItem(`logto:${config.appId}:accessToken`);
const client = new LogtoClient({
  endpoint: config.endpoint,
  appId: config.appId,
  resources: config.resource ? [config.resource] : [],
  scopes: config.scope ? config.scope.split(' ') : [],
});
const output = document.querySelector('output')!;
const show = (status: string, data?: unknown) => {
  output.dataset.status = status;
  output.textContent = data === undefined ? status : JSON.stringify(data);
};
const decode = (jwt: string) => JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
const redirectUri = `${location.origin}/callback`;

document.querySelector<HTMLButtonElement>('#sign-in')!.onclick = () => void client.signIn(redirectUri);
document.querySelector<HTMLButtonElement>('#register')!.onclick = () => void client.signIn({ redirectUri, interactionMode: 'signUp' });

const run = async () => {
  if (location.pathname === '/callback') {
    await client.handleSignInCallback(location.href);
    history.replaceState(null, '', '/');
  }
  if (!(await client.isAuthenticated())) return show('signed-out');
  const idToken = await client.getIdTokenClaims();
  const accessTokenJwt = config.resource ? await client.getAccessToken(config.resource) : undefined;
  const defaultAccessToken = config.defaultApi ? decode(await client.getAccessToken()) : undefined;
  show('signed-in', { idToken, accessToken: accessTokenJwt && decode(accessTokenJwt), accessTokenJwt, defaultAccessToken });
};
run().catch((error: unknown) => show('error', { message: error instanceof Error ? error.message : String(error) }));
