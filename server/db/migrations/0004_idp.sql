-- The search indexes (gin_trgm_ops) need pg_trgm; PGlite loads it from @electric-sql/pglite/contrib (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SCHEMA "idp";
--> statement-breakpoint
CREATE TABLE "idp"."resources" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"indicator" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"access_token_ttl" integer DEFAULT 3600 NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idp"."scopes" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"resource_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scopes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "idp"."resources" ADD CONSTRAINT "resources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."scopes" ADD CONSTRAINT "scopes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."scopes" ADD CONSTRAINT "scopes_tenant_id_resource_id_resources_tenant_id_id_fk" FOREIGN KEY ("tenant_id","resource_id") REFERENCES "idp"."resources"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resources_tenant_id_indicator" ON "idp"."resources" USING btree ("tenant_id","indicator");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_tenant_id_default" ON "idp"."resources" USING btree ("tenant_id") WHERE "idp"."resources"."is_default";--> statement-breakpoint
CREATE INDEX "resources_tenant_id_created_at" ON "idp"."resources" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_search" ON "idp"."resources" USING gin (lower("name" || ' ' || "indicator") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "scopes_tenant_id_resource_id_name" ON "idp"."scopes" USING btree ("tenant_id","resource_id","name");--> statement-breakpoint
CREATE INDEX "scopes_tenant_id_resource_id_created_at" ON "idp"."scopes" USING btree ("tenant_id","resource_id","created_at");--> statement-breakpoint
CREATE INDEX "scopes_search" ON "idp"."scopes" USING gin (lower("name" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
-- Every tenant has its built-in management API with the permission `all` (api-resources.md §6): the function seeds it,
-- the trigger calls it for each new tenant, and the last statement for the tenants that exist already. The indicator
-- is resourceIndicators.management in schemas/constants.ts; the ids are managementApiResourceId and
-- managementApiScopeId in server/management/resources/store.ts.
CREATE FUNCTION idp.seed_management_api(tenant text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO idp.resources (tenant_id, id, name, indicator, is_built_in)
    VALUES (tenant, 'management-api', 'Gatehouse Management API', 'urn:gatehouse:api:management:' || tenant, true);
  INSERT INTO idp.scopes (tenant_id, id, resource_id, name, description)
    VALUES (tenant, 'management-api-all', 'management-api', 'all', 'All management API permissions');
$$;--> statement-breakpoint
CREATE FUNCTION idp.seed_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM idp.seed_management_api(NEW.id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tenants_seed_idp AFTER INSERT ON tenants FOR EACH ROW EXECUTE FUNCTION idp.seed_tenant();--> statement-breakpoint
SELECT idp.seed_management_api(id) FROM tenants;
