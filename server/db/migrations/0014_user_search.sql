-- A username is unique in its tenant whatever its case, and signing in finds it in any case (users.md §3).
-- With text_pattern_ops, each identifier's index also serves a prefix match.
DROP INDEX "idp"."users_tenant_id_username";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_username" ON "idp"."users" USING btree ("tenant_id", lower("username") text_pattern_ops);
--> statement-breakpoint
DROP INDEX "idp"."users_tenant_id_primary_email";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_primary_email" ON "idp"."users" USING btree ("tenant_id", "primary_email" text_pattern_ops);
--> statement-breakpoint
DROP INDEX "idp"."users_tenant_id_primary_phone";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_primary_phone" ON "idp"."users" USING btree ("tenant_id", "primary_phone" text_pattern_ops);
--> statement-breakpoint
-- A search of one or two characters, too short for trigrams, matches the start of an id, identifier or name.
CREATE INDEX "users_tenant_id_id_prefix" ON "idp"."users" USING btree ("tenant_id", "id" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_tenant_id_name" ON "idp"."users" USING btree ("tenant_id", lower("name") text_pattern_ops);
--> statement-breakpoint
-- The list sorted by the latest sign-in, those who never signed in last.
CREATE INDEX "users_tenant_id_last_sign_in_at_id" ON "idp"."users" USING btree ("tenant_id", "last_sign_in_at" DESC NULLS LAST, "id" DESC);
