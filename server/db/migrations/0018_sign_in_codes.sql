-- The verification codes of a tenant's sign-in pages (issue 24): a code sent through the tenant's e-mail or SMS
-- connector to sign in, to register or to reset a password, bound to the interaction that asked for it. Only the code's
-- hash is kept (the code is shown once, in the message), with its tries, whether it was used, and its expiry.
-- `client` is the address that asked for it, for the per-client limit on sending.
CREATE TABLE "idp"."verification_codes" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"id" text NOT NULL,
	"interaction_id" text NOT NULL,
	"usage" text NOT NULL,
	"identifier_kind" text NOT NULL,
	"identifier" text NOT NULL,
	"code_hash" text NOT NULL,
	"try_count" integer DEFAULT 0 NOT NULL,
	"consumed" boolean DEFAULT false NOT NULL,
	"client" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "verification_codes_usage" CHECK ("usage" IN ('SignIn', 'Register', 'ForgotPassword')),
	CONSTRAINT "verification_codes_identifier_kind" CHECK ("identifier_kind" IN ('email', 'phone'))
);
--> statement-breakpoint
CREATE INDEX "verification_codes_interaction" ON "idp"."verification_codes" ("tenant_id", "interaction_id", "usage", "identifier", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "verification_codes_identifier_created_at" ON "idp"."verification_codes" ("tenant_id", "identifier", "created_at");
--> statement-breakpoint
CREATE INDEX "verification_codes_client_created_at" ON "idp"."verification_codes" ("tenant_id", "client", "created_at");
--> statement-breakpoint
CREATE INDEX "verification_codes_expires_at" ON "idp"."verification_codes" ("expires_at");
