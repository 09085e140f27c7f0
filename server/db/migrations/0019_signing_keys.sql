-- Tokens signed per key (issue 25, signing keys): each process adds its count in batches, and keeps the time the last
-- token a key signed expires, so the console can say when a previous key is safe to delete.
ALTER TABLE "idp"."keys" ADD COLUMN "tokens_signed" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "idp"."keys" ADD COLUMN "last_token_expires_at" timestamp with time zone;
