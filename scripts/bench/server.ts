/** The server's figures of `npm run bench`, in the order they print (every one but the console's). */
import { benchClientCredentials } from './client-credentials.ts';
import { benchCustomJwt } from './custom-jwt.ts';
import { benchKeyRotation } from './key-rotation.ts';
import { benchDatabases } from './load.ts';
import { benchSendCode } from './send-code.ts';
import { benchSignIn } from './sign-in.ts';
import { benchSocialSignIn } from './social-sign-in.ts';
import { benchTenants } from './tenants.ts';
import { benchUsers } from './users.ts';
import { benchWebhookLatency } from './webhook-latency.ts';

export const benchServer = async () => {
  console.log('\nIdle CPU and load:');
  await benchDatabases();
  console.log('\nTenant issuers:');
  await benchTenants();
  console.log('\nClient-credentials tokens under load:');
  await benchClientCredentials();
  console.log('\nTenant sign-in page:');
  await benchSignIn();
  await benchSendCode();
  console.log('\nSocial sign-in through another tenant:');
  await benchSocialSignIn();
  console.log('\nUsers and audit logs at scale:');
  await benchUsers();
  console.log('\nKey rotation across processes:');
  await benchKeyRotation();
  console.log('\nCustom JWT:');
  await benchCustomJwt();
  console.log('\nWebhook delivery:');
  await benchWebhookLatency();
};
