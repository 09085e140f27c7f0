// @vitest-environment node
import { expect, test } from 'vitest';
import { isLoopbackClient, isLoopbackHost } from '#server/net/loopback.ts';

test('loopback clients are 127.0.0.0/8 and ::1, also IPv4-mapped, and only when no proxy forwards for another', () => {
  const none = new Headers();
  for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3']) {
    expect(isLoopbackClient(address, none), address).toBe(true);
  }
  for (const address of [undefined, '', '192.0.2.2', '::ffff:192.0.2.2', '10.127.0.1', '::2', 'fd00::1', '1127.0.0.1']) {
    expect(isLoopbackClient(address, none), String(address)).toBe(false);
  }
  for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
    expect(isLoopbackClient('127.0.0.1', new Headers({ [header]: '127.0.0.1' })), header).toBe(false);
  }
});

test('loopback hosts of PUBLIC_URL are localhost, 127.0.0.0/8 and [::1]', () => {
  for (const url of ['http://localhost:3001', 'http://127.0.0.1', 'http://127.9.9.9:80', 'http://[::1]:3001']) {
    expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
  }
  for (const url of ['https://id.example.com', 'http://localhost.example.com', 'http://192.0.2.2:3001', 'http://[::2]', 'http://0.0.0.0']) {
    expect(isLoopbackHost(new URL(url).hostname), url).toBe(false);
  }
});
