import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../accounts/password-sign-in.ts';
import type { Db } from '../db/client.ts';

/**
 * Development and benchmark data (users.md §8 D, audit-logs.md §7): many users, or many audit logs, in one tenant,
 * written by the database itself in batches. Every seeded user has the same password, hashed once.
 */
const batchSize = 10_000;

/** The password of every seeded user. */
export const seededUserPassword = 'Seeded-user-1!';

/**
 * Adds `count` users: `user{n}.{run}@example.com`, username `user{n}_{run}`, name `User {n}`, created one second
 * apart (the newest last); `run` is random, so seeding twice adds other users. Answers the run tag.
 */
export const seedUsers = async (db: Db, tenantId: string, count: number) => {
  const run = randomBytes(3).toString('hex');
  const hash = await hashPassword(seededUserPassword);
  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    await db.execute(sql`
      insert into idp.users (tenant_id, id, username, primary_email, name, password_encrypted, password_encryption_method, created_at, updated_at)
      select ${tenantId}, substr(md5(${run} || g::text), 1, 12), 'user' || g || '_' || ${run}, 'user' || g || '.' || ${run} || '@example.com',
        'User ' || g, ${hash}, 'Argon2id', now() - make_interval(secs => ${count} - g), now()
      from generate_series(${from}::int, ${to}::int) as g
      on conflict do nothing`);
  }
  await db.execute(sql`vacuum (analyze) idp.users`);
  return run;
};

const seededKeys = [
  'Interaction.Create',
  'Interaction.SignIn.Create',
  'Interaction.SignIn.Identifier.Submit',
  'Interaction.SignIn.Verification.Password.Submit',
  'Interaction.SignIn.Submit',
  'Interaction.End',
  'ExchangeTokenBy.AuthorizationCode',
  'ExchangeTokenBy.RefreshToken',
];

/**
 * Adds `count` audit logs over the last `hours` hours (newest first every 150 ms or closer), each naming one of the
 * tenant's first 1,000 users and an application id, one in 17 an error.
 */
export const seedLogs = async (db: Db, tenantId: string, count: number, hours = 40) => {
  const run = randomBytes(3).toString('hex');
  const stepMs = (hours * 3_600_000) / count;
  const keys = `{${seededKeys.join(',')}}`;
  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    await db.execute(sql`
      with named as (
        select coalesce(array_agg(id), '{null}') as ids from (select id from idp.users where tenant_id = ${tenantId} order by id limit 1000) as first
      )
      insert into idp.logs (tenant_id, id, key, result, user_id, application_id, session_id, payload, created_at)
      select ${tenantId}, substr(md5(${run} || 'log' || g::text), 1, 21), key, result, user_id, 'seeded-app', session_id,
        jsonb_build_object('key', key, 'result', result, 'userId', user_id, 'applicationId', 'seeded-app', 'sessionId', session_id,
          'ip', '203.0.113.' || (g % 250), 'userAgent', 'Mozilla/5.0 (seeded)'),
        now() - make_interval(secs => g * ${stepMs / 1000}::float8)
      from (
        select g, (${keys}::text[])[1 + g % ${seededKeys.length}] as key, case when g % 17 = 0 then 'Error' else 'Success' end as result,
          named.ids[1 + g % cardinality(named.ids)] as user_id, ${run} || (g / 8) as session_id
        from generate_series(${from}::int, ${to}::int) as g, named
      ) as rows
      on conflict do nothing`);
  }
  await db.execute(sql`vacuum (analyze) idp.logs`);
  return run;
};
