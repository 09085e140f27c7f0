import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OfferedApplicationType } from '#schemas/application.ts';
import type { GuideStep } from '#src/ui/GuideSteps.tsx';
import type { AppGuideId } from './guide-ids.ts';

/**
 * What a guide's code is filled in with: the tenant's endpoint and issuer, the app's id and its first redirect URIs.
 * Never a secret: guides read it from the environment.
 */
export type AppGuideValues = { endpoint: string; issuer: string; appId: string; redirectUri: string; postLogoutRedirectUri: string };

export type AppGuideStep = GuideStep<AppGuideValues>;

/** A guide: the type of app it creates, and its steps. `keywords` also match the library's filter. */
export type AppGuide = { id: AppGuideId; type: OfferedApplicationType; title: string; summary: MessageDescriptor; keywords: string; steps: readonly AppGuideStep[] };

const install = (packages: string) => () => `npm install ${packages}`;

const signInStep = {
  title: msg`Add the redirect URIs in the settings`,
  text: msg`The issuer only sends users back to the redirect URIs on this app's settings tab. Add the callback and sign-out URIs your app uses there.`,
} satisfies AppGuideStep;

const secretStep = {
  title: msg`Keep the app secret in the environment`,
  text: msg`The secret was shown once when the app was created. Create another one on the settings tab if you did not keep it, and never commit it.`,
  code: () => 'LOGTO_APP_SECRET=…',
} satisfies AppGuideStep;

/**
 * The integration guides (applications.md §4). A guide is data: adding one is an entry here. Each fills in this app's
 * real values, and its code blocks can be copied.
 */
export const appGuides = [
  {
    id: 'spa-react',
    type: 'SPA',
    title: 'React',
    summary: msg`Sign users in to a React single-page app with @logto/react.`,
    keywords: 'react vite spa browser',
    steps: [
      { title: msg`Install the SDK`, text: msg`Add the SDK to your app.`, code: install('@logto/react') },
      {
        title: msg`Wrap your app in the provider`,
        text: msg`The provider knows the tenant's endpoint and this app's id.`,
        code: ({ endpoint, appId }) => `import { LogtoProvider } from '@logto/react';

const config = { endpoint: '${endpoint}', appId: '${appId}' };

export const App = () => (
  <LogtoProvider config={config}>
    <Content />
  </LogtoProvider>
);`,
      },
      signInStep,
      {
        title: msg`Sign in and out`,
        text: msg`Start the sign-in with the redirect URI, and handle the callback on that route with useHandleSignInCallback.`,
        code: ({ redirectUri, postLogoutRedirectUri }) => `import { useLogto } from '@logto/react';

export function Content() {
  const { signIn, signOut, isAuthenticated } = useLogto();
  return isAuthenticated
    ? <button onClick={() => signOut('${postLogoutRedirectUri}')}>Sign out</button>
    : <button onClick={() => signIn('${redirectUri}')}>Sign in</button>;
}`,
      },
    ],
  },
  {
    id: 'next',
    type: 'Traditional',
    title: 'Next.js',
    summary: msg`Sign users in to a Next.js app (App Router) with @logto/next.`,
    keywords: 'next nextjs react server traditional',
    steps: [
      { title: msg`Install the SDK`, text: msg`Add the SDK to your app.`, code: install('@logto/next') },
      secretStep,
      {
        title: msg`Configure the client`,
        text: msg`The base URL is where your app runs; the callback route is under it.`,
        code: ({ endpoint, appId, postLogoutRedirectUri }) => `// app/logto.ts
export const logtoConfig = {
  endpoint: '${endpoint}',
  appId: '${appId}',
  appSecret: process.env.LOGTO_APP_SECRET!,
  baseUrl: '${postLogoutRedirectUri}',
  cookieSecret: process.env.COOKIE_SECRET!,
  cookieSecure: process.env.NODE_ENV === 'production',
};`,
      },
      signInStep,
      {
        title: msg`Handle the callback`,
        text: msg`Add a route at the redirect URI's path that completes the sign-in.`,
        code: ({ redirectUri }) => `// app/callback/route.ts (redirect URI: ${redirectUri})
import { handleSignIn } from '@logto/next/server-actions';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { logtoConfig } from '../logto';

export async function GET(request: NextRequest) {
  await handleSignIn(logtoConfig, request.nextUrl.searchParams);
  redirect('/');
}`,
      },
    ],
  },
  {
    id: 'express',
    type: 'Traditional',
    title: 'Express',
    summary: msg`Sign users in to a server-rendered Express app with @logto/express.`,
    keywords: 'express node server traditional web',
    steps: [
      { title: msg`Install the SDK`, text: msg`Add the SDK and a session middleware to your app.`, code: install('@logto/express express-session cookie-parser') },
      secretStep,
      {
        title: msg`Add the routes`,
        text: msg`The SDK's routes sign in, handle the callback and sign out under /logto.`,
        code: ({ endpoint, appId, redirectUri }) => `import express from 'express';
import session from 'express-session';
import cookieParser from 'cookie-parser';
import { handleAuthRoutes, withLogto } from '@logto/express';

const config = {
  endpoint: '${endpoint}',
  appId: '${appId}',
  appSecret: process.env.LOGTO_APP_SECRET,
  baseUrl: new URL('${redirectUri}').origin, // the callback is {baseUrl}/logto/sign-in-callback
};

const app = express();
app.use(cookieParser());
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { maxAge: 14 * 24 * 60 * 60 * 1000 } }));
app.use(handleAuthRoutes(config));
app.get('/', withLogto(config), (request, response) => response.json(request.user));
app.listen(3000);`,
      },
      signInStep,
    ],
  },
  {
    id: 'native-expo',
    type: 'Native',
    title: 'React Native (Expo)',
    summary: msg`Sign users in to an iOS or Android app built with Expo, with @logto/rn.`,
    keywords: 'native mobile ios android expo react-native',
    steps: [
      { title: msg`Install the SDK`, text: msg`Add the SDK and the Expo modules it uses.`, code: install('@logto/rn expo-crypto expo-secure-store expo-web-browser @react-native-async-storage/async-storage') },
      {
        title: msg`Wrap your app in the provider`,
        text: msg`The provider knows the tenant's endpoint and this app's id.`,
        code: ({ endpoint, appId }) => `import { LogtoProvider } from '@logto/rn';

const config = { endpoint: '${endpoint}', appId: '${appId}' };

export default function App() {
  return <LogtoProvider config={config}><Content /></LogtoProvider>;
}`,
      },
      signInStep,
      {
        title: msg`Sign in and out`,
        text: msg`A native app's redirect URI uses its own scheme, such as io.example.app://callback.`,
        code: ({ redirectUri }) => `import { useLogto } from '@logto/rn';
import { Button } from 'react-native';

export function Content() {
  const { signIn, signOut, isAuthenticated } = useLogto();
  return isAuthenticated
    ? <Button title="Sign out" onPress={() => signOut()} />
    : <Button title="Sign in" onPress={() => signIn('${redirectUri}')} />;
}`,
      },
    ],
  },
  {
    id: 'm2m',
    type: 'MachineToMachine',
    title: 'Machine-to-machine',
    summary: msg`Get access tokens for your APIs from a backend service: curl and Node.js.`,
    keywords: 'm2m machine service backend curl node client credentials',
    steps: [
      secretStep,
      {
        title: msg`Give the app a role`,
        text: msg`On the roles tab, assign a machine-to-machine role: its permissions are what the tokens can carry.`,
      },
      {
        title: msg`Ask for a token with curl`,
        text: msg`Name the API's identifier as the resource and the permissions you need as the scope.`,
        code: ({ issuer, appId }) => `curl -X POST '${issuer}/token' \\
  -u "${appId}:$LOGTO_APP_SECRET" \\
  -d grant_type=client_credentials \\
  -d resource='https://api.example.com' \\
  -d scope='read:example'`,
      },
      {
        title: msg`Ask for a token with Node.js`,
        text: msg`The same request with fetch; reuse the token until it expires.`,
        code: ({ issuer, appId }) => `const response = await fetch('${issuer}/token', {
  method: 'POST',
  headers: { Authorization: \`Basic \${btoa(\`${appId}:\${process.env.LOGTO_APP_SECRET}\`)}\` },
  body: new URLSearchParams({ grant_type: 'client_credentials', resource: 'https://api.example.com', scope: 'read:example' }),
});
const { access_token, expires_in } = await response.json();`,
      },
    ],
  },
] as const satisfies readonly AppGuide[];

export const appGuideOf = (id: string): AppGuide | undefined => appGuides.find((guide) => guide.id === id);

/** The first guide for an app of this type, for the details page's "Check guide". */
export const guideForType = (type: string): AppGuide | undefined => appGuides.find((guide) => guide.type === type);
