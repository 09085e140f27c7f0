import { buyPlan } from './billing-support.ts';
import { bearer, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

/** The cloud server of the subscription tests (checkouts complete at once) and the user who buys the plans. */
export const startSubscriptionServer = async () => {
  const server = await startTestServer('cloud', { CHECKOUT_COMPLETION_DELAY_MS: '0' });
  return { server, admin: await signUpUser(server, 'subscriber') };
};

/** The requests of the subscription tests, against the server and user the test file started. */
export const subscriptionRequests = (server: () => TestServer, admin: () => TestUser) => {
  const api = (path: string) => `${server().url}/api${path}`;
  return {
    api,
    get: async (path: string, user = admin()) => fetch(api(path), bearer(await user.cloudToken())),
    /** A production tenant of `user` on Pro, bought through the hosted checkout. */
    proTenant: async (user: TestUser, name: string) => {
      const session = await buyPlan(server(), user, { tenantName: name });
      return session.tenantId!;
    },
  };
};
