-- An application's own sign-in experience (spec 02 §3): colours, logos, display name, terms and privacy links.
CREATE TABLE "idp"."application_sign_in_experiences" (
	"tenant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"color" jsonb NOT NULL,
	"branding" jsonb NOT NULL,
	"terms_of_use_url" text,
	"privacy_policy_url" text,
	"display_name" text,
	CONSTRAINT "application_sign_in_experiences_tenant_id_application_id_pk" PRIMARY KEY("tenant_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "idp"."application_sign_in_experiences" ADD CONSTRAINT "application_sign_in_experiences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_sign_in_experiences" ADD CONSTRAINT "application_sign_in_experiences_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "idp"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
