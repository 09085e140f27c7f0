-- What a third-party application may ask a user to consent to (applications.md §7): user scopes and API resource
-- permissions. Organization scopes come with organizations.
CREATE TABLE "idp"."application_user_consent_user_scopes" (
	"tenant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"user_scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_user_consent_user_scopes_pk" PRIMARY KEY("tenant_id","application_id","user_scope")
);
--> statement-breakpoint
CREATE TABLE "idp"."application_user_consent_resource_scopes" (
	"tenant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"scope_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_user_consent_resource_scopes_pk" PRIMARY KEY("tenant_id","application_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "idp"."application_user_consent_user_scopes" ADD CONSTRAINT "application_user_consent_user_scopes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_user_consent_user_scopes" ADD CONSTRAINT "application_user_consent_user_scopes_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "idp"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_user_consent_resource_scopes" ADD CONSTRAINT "application_user_consent_resource_scopes_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_user_consent_resource_scopes" ADD CONSTRAINT "application_user_consent_resource_scopes_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "idp"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_user_consent_resource_scopes" ADD CONSTRAINT "application_user_consent_resource_scopes_scope_fk" FOREIGN KEY ("tenant_id","scope_id") REFERENCES "idp"."scopes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_user_consent_resource_scopes_tenant_id_scope_id" ON "idp"."application_user_consent_resource_scopes" USING btree ("tenant_id","scope_id");
