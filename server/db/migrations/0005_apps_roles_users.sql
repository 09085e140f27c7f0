CREATE TABLE "idp"."application_secrets" (
	"tenant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"name" text NOT NULL,
	"value_hash" text NOT NULL,
	"value_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "application_secrets_tenant_id_application_id_name_pk" PRIMARY KEY("tenant_id","application_id","name")
);
--> statement-breakpoint
CREATE TABLE "idp"."applications" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"oidc_client_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_client_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_third_party" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idp"."applications_roles" (
	"tenant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"role_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_roles_tenant_id_application_id_role_id_pk" PRIMARY KEY("tenant_id","application_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "idp"."keys" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"alg" text,
	"private_key" jsonb NOT NULL,
	"status" text NOT NULL,
	"activates_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idp"."roles" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idp"."roles_scopes" (
	"tenant_id" text NOT NULL,
	"role_id" text NOT NULL,
	"scope_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_scopes_tenant_id_role_id_scope_id_pk" PRIMARY KEY("tenant_id","role_id","scope_id")
);
--> statement-breakpoint
CREATE TABLE "idp"."users" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"username" text,
	"primary_email" text,
	"primary_phone" text,
	"name" text,
	"avatar" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_encrypted" text,
	"password_encryption_method" text,
	"identities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mfa_verifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"application_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idp"."users_roles" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_roles_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "runtime_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idp"."application_secrets" ADD CONSTRAINT "application_secrets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."application_secrets" ADD CONSTRAINT "application_secrets_tenant_id_application_id_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "idp"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."applications" ADD CONSTRAINT "applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."applications_roles" ADD CONSTRAINT "applications_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."applications_roles" ADD CONSTRAINT "applications_roles_tenant_id_application_id_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "idp"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."applications_roles" ADD CONSTRAINT "applications_roles_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "idp"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."keys" ADD CONSTRAINT "keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."roles_scopes" ADD CONSTRAINT "roles_scopes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."roles_scopes" ADD CONSTRAINT "roles_scopes_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "idp"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."roles_scopes" ADD CONSTRAINT "roles_scopes_tenant_id_scope_id_scopes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","scope_id") REFERENCES "idp"."scopes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."users_roles" ADD CONSTRAINT "users_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."users_roles" ADD CONSTRAINT "users_roles_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "idp"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp"."users_roles" ADD CONSTRAINT "users_roles_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "idp"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_tenant_id_type" ON "idp"."applications" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "applications_tenant_id_created_at" ON "idp"."applications" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_search" ON "idp"."applications" USING gin (lower("id" || ' ' || "name" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_roles_tenant_id_role_id" ON "idp"."applications_roles" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE INDEX "keys_tenant_id_kind_status" ON "idp"."keys" USING btree ("tenant_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_id_name" ON "idp"."roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "roles_tenant_id_type" ON "idp"."roles" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "roles_search" ON "idp"."roles" USING gin (lower("id" || ' ' || "name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_scopes_tenant_id_scope_id" ON "idp"."roles_scopes" USING btree ("tenant_id","scope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_username" ON "idp"."users" USING btree ("tenant_id","username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_primary_email" ON "idp"."users" USING btree ("tenant_id","primary_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_id_primary_phone" ON "idp"."users" USING btree ("tenant_id","primary_phone");--> statement-breakpoint
CREATE INDEX "users_tenant_id_created_at" ON "idp"."users" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "users_search" ON "idp"."users" USING gin (lower("id" || ' ' || coalesce("username", '') || ' ' || coalesce("primary_email", '') || ' ' || coalesce("primary_phone", '') || ' ' || coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_roles_tenant_id_role_id" ON "idp"."users_roles" USING btree ("tenant_id","role_id");