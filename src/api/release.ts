import { ofetch } from 'ofetch';
import { requestTimeout } from '#schemas/constants.ts';

/** The latest release tag from the external release-info JSON (`{ latestRelease: 'v1.25.0' }`); not our server. */
export async function fetchLatestRelease(url: string): Promise<unknown> {
  const info = await ofetch<unknown>(url, { timeout: requestTimeout, retry: 0 });
  return typeof info === 'object' && info !== null && 'latestRelease' in info ? info.latestRelease : undefined;
}
