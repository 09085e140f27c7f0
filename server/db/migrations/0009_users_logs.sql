-- Users at scale (users.md §2): the list's order in one index, and an exact per-tenant count kept by triggers.
DROP INDEX IF EXISTS "idp"."users_tenant_id_created_at";
--> statement-breakpoint
CREATE INDEX "users_tenant_id_created_at_id" ON "idp"."users" USING btree ("tenant_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE TABLE "idp"."user_counts" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "idp"."user_counts" ("tenant_id", "count") SELECT "tenant_id", count(*) FROM "idp"."users" GROUP BY "tenant_id";
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert updates each tenant's count once.
CREATE FUNCTION "idp"."count_inserted_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "idp"."user_counts" ("tenant_id", "count")
	SELECT "tenant_id", count(*) FROM inserted GROUP BY "tenant_id"
	ON CONFLICT ("tenant_id") DO UPDATE SET "count" = "idp"."user_counts"."count" + excluded."count";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "idp"."count_deleted_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "idp"."user_counts" AS counts SET "count" = counts."count" - gone.n
	FROM (SELECT "tenant_id", count(*) AS n FROM deleted GROUP BY "tenant_id") AS gone
	WHERE counts."tenant_id" = gone."tenant_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "idp"."users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_inserted_users"();
--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "idp"."users" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_deleted_users"();
--> statement-breakpoint
-- The audit log (audit-logs.md §4). No foreign key to users or applications: a log outlives what it names.
CREATE TABLE "idp"."logs" (
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"id" text NOT NULL,
	"key" text NOT NULL,
	"result" text NOT NULL,
	"user_id" text,
	"application_id" text,
	"session_id" text,
	"hook_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_created_at" ON "idp"."logs" USING btree ("tenant_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_user_id_created_at" ON "idp"."logs" USING btree ("tenant_id","user_id","created_at" DESC,"id" DESC) WHERE "user_id" is not null;
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_application_id_created_at" ON "idp"."logs" USING btree ("tenant_id","application_id","created_at" DESC,"id" DESC) WHERE "application_id" is not null;
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_key_created_at" ON "idp"."logs" USING btree ("tenant_id","key","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_session_id" ON "idp"."logs" USING btree ("tenant_id","session_id") WHERE "session_id" is not null;
--> statement-breakpoint
CREATE INDEX "logs_tenant_id_hook_id_created_at" ON "idp"."logs" USING btree ("tenant_id","hook_id","created_at" DESC) WHERE "hook_id" is not null;
