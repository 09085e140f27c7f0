-- A tenant's sign-in experience (issue 23): one document per tenant, with a version that the sign-in pages' cache and
-- the management API's ETag read; its custom phrases per language; and on each interaction the snapshot of its
-- sign-in flow machine, so that any process takes the next step.
CREATE TABLE "idp"."sign_in_experiences" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"settings" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp"."custom_phrases" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"language_tag" text NOT NULL,
	"translation" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_phrases_tenant_id_language_tag_pk" PRIMARY KEY("tenant_id","language_tag")
);
--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "sign_in_flow" jsonb;
