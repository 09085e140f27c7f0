-- A tenant's custom JWT claims scripts (issue 25, customize-jwt.md): one per token type. The environment variables are
-- sealed (AES-256-GCM) in sealed_environment, never stored in clear.
CREATE TABLE "idp"."jwt_customizers" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"token_type" text NOT NULL CHECK ("token_type" in ('access-token', 'client-credentials')),
	"script" text NOT NULL CHECK (octet_length("script") <= 51200),
	"sealed_environment" text,
	"token_sample" jsonb,
	"context_sample" jsonb,
	"block_issuance_on_error" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jwt_customizers_tenant_id_token_type_pk" PRIMARY KEY("tenant_id","token_type")
);
