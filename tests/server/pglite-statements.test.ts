import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { queuedPglite } from '#server/db/fair-queue.ts';

const kept = new Set<string>();
let raw: PGlite;
let client: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
  client = queuedPglite(raw, { wrote: vi.fn(), kept });
  await raw.exec(`create table things (id text primary key, n int, at timestamptz, data jsonb)`);
  await raw.exec(`insert into things values ('a', 1, '2026-01-02T03:04:05Z', '{"k": [1]}'), ('b', 2, null, null)`);
});
afterAll(() => raw?.close());

const select = 'select id, n, at, data from things where n >= $1 and id <> $2 order by id';

test('a kept statement answers as the same query sent unnamed, and is parsed once under a name', async () => {
  const unnamed = await client.query(select, [1, 'z'], { rowMode: 'array' });
  kept.add(select);
  for (let run = 0; run < 3; run += 1) {
    const named = await client.query(select, [1, 'z'], { rowMode: 'array' });
    expect(named.rows).toEqual(unnamed.rows);
    expect(named.fields).toEqual(unnamed.fields);
  }
  expect((await client.query(select, [2, 'z'])).rows).toEqual([{ id: 'b', n: 2, at: null, data: null }]);
  const { rows } = await raw.query<{ statement: string }>('select statement from pg_prepared_statements');
  expect(rows.map((row) => row.statement)).toEqual([select]);
});

test('an error of a kept statement is thrown, and the connection goes on', async () => {
  const failing = 'select 1 / $1::int as n';
  kept.add(failing);
  expect((await client.query(failing, [1])).rows).toEqual([{ n: 1 }]);
  await expect(client.query(failing, [0])).rejects.toThrow(/division by zero/);
  expect((await client.query(failing, [1])).rows).toEqual([{ n: 1 }]);
  expect((await client.query(select, [2, 'z'])).rows).toHaveLength(1);
});
