import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for the external release-info feed: answers `{ latestRelease }` to any origin. */
export const startReleaseFeed = async (latestRelease: string) => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify({ latestRelease }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/latest.json`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
