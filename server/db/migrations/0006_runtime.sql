-- Each tenant is an issuer of its own (tenant-runtime.md §2): oidc-provider's rows name the issuer they belong to. The
-- console's own issuer is the tenant 'admin' (adminTenantId), which has no row in tenants, so there is no foreign key;
-- deleting a tenant deletes its rows (server/tenants.ts).
ALTER TABLE "oidc_models" ADD COLUMN "tenant_id" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_models" ALTER COLUMN "tenant_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "oidc_models" DROP CONSTRAINT "oidc_models_model_id_pk";--> statement-breakpoint
ALTER TABLE "oidc_models" ADD CONSTRAINT "oidc_models_tenant_id_model_id_pk" PRIMARY KEY("tenant_id","model","id");--> statement-breakpoint
-- The start of the billing period in which the user was last counted as a monthly active user.
ALTER TABLE "idp"."users" ADD COLUMN "active_period_start" timestamp with time zone;
