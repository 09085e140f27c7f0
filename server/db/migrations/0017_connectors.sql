-- A tenant's connectors (issue 24): its e-mail and SMS senders and its social providers. The unique indexes are the
-- rules of connectors.md §0: one Email and one Sms connector per tenant, one Social connector per (target, platform).
-- Confidential config values are sealed (AES-256-GCM) in sealed_secrets, never stored in config.
CREATE TABLE "idp"."connectors" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"id" text NOT NULL CHECK (char_length("id") <= 128),
	"connector_id" text NOT NULL CHECK (char_length("connector_id") <= 128),
	"type" text NOT NULL CHECK ("type" in ('Email', 'Sms', 'Social')),
	"target" text NOT NULL,
	"platform" text CHECK ("platform" in ('Universal', 'Web', 'Native')),
	"sync_profile" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secrets" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connectors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_tenant_id_message_type" ON "idp"."connectors" USING btree ("tenant_id","type") WHERE "type" in ('Email', 'Sms');
--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_tenant_id_target_platform" ON "idp"."connectors" USING btree ("tenant_id","target",coalesce("platform", '')) WHERE "type" = 'Social';
--> statement-breakpoint
-- The dev mailbox shows the sender name a tenant's Dev mailbox connector sets.
ALTER TABLE "dev_mailbox" ADD COLUMN "from" text;
--> statement-breakpoint
-- Text messages kept by the Dev SMS outbox connector instead of being sent (local use only, like the dev mailbox).
CREATE TABLE "dev_sms_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_sms_outbox_to_created_at" ON "dev_sms_outbox" USING btree ("to","created_at");
