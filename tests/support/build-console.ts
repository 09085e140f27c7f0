import { build } from 'vite';

/** Builds the console once before the end-to-end suites, so the server serves the current source. */
export default async function setup() {
  await build({ logLevel: 'warn' });
}
