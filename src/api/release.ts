import { requestTimeout } from '#schemas/constants.ts';
import { http } from './http.ts';

/** The latest release tag from the external release-info JSON (`{ latestRelease: 'v1.25.0' }`); not our server. */
export async function fetchLatestRelease(url: string): Promise<unknown> {
  const { data: info } = await http<unknown>(url, { method: 'GET', timeout: requestTimeout });
  return typeof info === 'object' && info !== null && 'latestRelease' in info ? info.latestRelease : undefined;
}
