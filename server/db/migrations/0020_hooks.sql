-- Webhooks (issue 25): a tenant's hooks, with the signing key sealed under the server's secrets key (shown to admins in
-- full); the outbox of deliveries, written in the transaction of the change that caused them and claimed by the
-- dispatcher of any process with a lease; the per-tenant sequence of events.
CREATE TABLE "idp"."hooks" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"id" text NOT NULL CHECK (char_length("id") <= 21),
	"name" text NOT NULL CHECK (char_length("name") <= 128),
	"event" text,
	"events" text[] NOT NULL,
	"config" jsonb NOT NULL,
	"sealed_signing_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hooks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "hooks_tenant_id_enabled" ON "idp"."hooks" USING btree ("tenant_id","enabled");
--> statement-breakpoint
CREATE INDEX "hooks_tenant_id_created_at" ON "idp"."hooks" USING btree ("tenant_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE TABLE "idp"."hook_deliveries" (
	"tenant_id" text NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"id" text NOT NULL,
	"hook_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" in ('pending', 'sending', 'succeeded', 'failed')),
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL CHECK ("max_attempts" >= 1),
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"resend" boolean DEFAULT false NOT NULL,
	"sequence" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hook_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "hook_deliveries_hook_fk" FOREIGN KEY ("tenant_id","hook_id") REFERENCES "idp"."hooks"("tenant_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "hook_deliveries_due" ON "idp"."hook_deliveries" USING btree ("next_attempt_at") WHERE "status" in ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "hook_deliveries_tenant_id_hook_id_created_at" ON "idp"."hook_deliveries" USING btree ("tenant_id","hook_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX "hook_deliveries_finished" ON "idp"."hook_deliveries" USING btree ("updated_at") WHERE "status" in ('succeeded', 'failed');
--> statement-breakpoint
CREATE TABLE "idp"."hook_event_sequences" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"value" bigint NOT NULL
);
--> statement-breakpoint
-- Requests received by the dev webhook inbox (local use only, like the dev mailbox), and the status each inbox answers.
CREATE TABLE "dev_webhook_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_webhook_requests_name_created_at" ON "dev_webhook_requests" USING btree ("name","created_at");
--> statement-breakpoint
CREATE TABLE "dev_webhook_inboxes" (
	"name" text PRIMARY KEY NOT NULL,
	"status" integer NOT NULL
);
