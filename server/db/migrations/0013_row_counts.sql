-- A tenant's kept number of rows per table, for the lists' Total-Number: users (was user_counts) and now API resources.
CREATE TABLE "idp"."row_counts" (
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"table_name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_tenant_id_table_name_pk" PRIMARY KEY("tenant_id","table_name")
);
--> statement-breakpoint
INSERT INTO "idp"."row_counts" ("tenant_id", "table_name", "count") SELECT "tenant_id", 'users', "count" FROM "idp"."user_counts";
--> statement-breakpoint
INSERT INTO "idp"."row_counts" ("tenant_id", "table_name", "count") SELECT "tenant_id", 'resources', count(*) FROM "idp"."resources" GROUP BY "tenant_id";
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert updates each tenant's count once.
CREATE FUNCTION "idp"."count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "idp"."row_counts" ("tenant_id", "table_name", "count")
	SELECT "tenant_id", TG_TABLE_NAME, count(*) FROM inserted GROUP BY "tenant_id"
	ON CONFLICT ("tenant_id", "table_name") DO UPDATE SET "count" = "idp"."row_counts"."count" + excluded."count";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "idp"."count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "idp"."row_counts" AS counts SET "count" = counts."count" - gone.n
	FROM (SELECT "tenant_id", count(*) AS n FROM deleted GROUP BY "tenant_id") AS gone
	WHERE counts."tenant_id" = gone."tenant_id" AND counts."table_name" = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_count_inserted" ON "idp"."users";
--> statement-breakpoint
DROP TRIGGER "users_count_deleted" ON "idp"."users";
--> statement-breakpoint
DROP FUNCTION "idp"."count_inserted_users"();
--> statement-breakpoint
DROP FUNCTION "idp"."count_deleted_users"();
--> statement-breakpoint
DROP TABLE "idp"."user_counts";
--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "idp"."users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "idp"."users" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "resources_count_inserted" AFTER INSERT ON "idp"."resources" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "resources_count_deleted" AFTER DELETE ON "idp"."resources" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "idp"."count_deleted_rows"();
