import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { postgresUrl, startTestServer, type TestServer } from './support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

describe('waiting for the database', () => {
  test('the server answers a request while a backlog of statements waits for the database', async () => {
    const statements = 1000;
    let done = 0;
    const backlog = Array.from({ length: statements }, () => server.db.execute(sql`select 1`).then(() => (done += 1)));
    // A route that needs no statement: it needs only turns of the event loop (accept, read, answer).
    const response = await fetch(`http://127.0.0.1:${server.port}/api/no-such-route`);
    const doneWhenAnswered = done;
    await Promise.all(backlog);
    expect(response.status).toBe(404);
    expect(doneWhenAnswered).toBeLessThan(statements);
  });

  test.skipIf(postgresUrl)('on PGlite, statements and transactions take the one connection in order of arrival', async () => {
    const order: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      order.push('transaction started');
      await held;
      // The transaction's own statements run in its turn, not behind the statements that arrived meanwhile.
      await tx.execute(sql`select 2`);
      order.push('transaction ended');
    });
    await vi.waitFor(() => expect(order).toContain('transaction started'));
    const first = server.db.execute(sql`select 'first'`).then(() => order.push('first'));
    const second = server.db.transaction((tx) => tx.execute(sql`select 'second'`)).then(() => order.push('second'));
    const third = server.db.execute(sql`select 'third'`).then(() => order.push('third'));
    release();
    await Promise.all([transaction, first, second, third]);
    expect(order).toEqual(['transaction started', 'transaction ended', 'first', 'second', 'third']);
  });
});
