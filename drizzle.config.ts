import { defineConfig } from 'drizzle-kit';

/**
 * `npx drizzle-kit generate` writes a new SQL migration into server/db/migrations after a schema change.
 * Remove the `"public".` qualifiers it writes: tests run the migrations in a fresh schema on PostgreSQL.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/billing-schema.ts', './server/db/idp/*.ts'],
  out: './server/db/migrations',
});
