-- Whether each primary identifier was verified, and how (issue 21, 1.1): 'code' when a code sent to it was typed back,
-- 'admin' when an administrator said so; null when nobody verified it. The ID token's email_verified and
-- phone_number_verified say exactly this. Identifiers stored before this migration were never proved, so they start
-- unverified; a console account's e-mail set through the Me API was proved with a code, but nothing recorded which
-- ones were, so those start unverified too.
ALTER TABLE "idp"."users" ADD COLUMN "primary_email_verified_by" text;
--> statement-breakpoint
ALTER TABLE "idp"."users" ADD COLUMN "primary_phone_verified_by" text;
--> statement-breakpoint
ALTER TABLE "idp"."users" ADD CONSTRAINT "users_primary_email_verified_by" CHECK ("primary_email_verified_by" IS NULL OR ("primary_email_verified_by" IN ('code', 'admin') AND "primary_email" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "idp"."users" ADD CONSTRAINT "users_primary_phone_verified_by" CHECK ("primary_phone_verified_by" IS NULL OR ("primary_phone_verified_by" IN ('code', 'admin') AND "primary_phone" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "primary_email_verified_by" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "primary_phone_verified_by" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_primary_email_verified_by" CHECK ("primary_email_verified_by" IS NULL OR ("primary_email_verified_by" IN ('code', 'admin') AND "primary_email" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_primary_phone_verified_by" CHECK ("primary_phone_verified_by" IS NULL OR ("primary_phone_verified_by" IN ('code', 'admin') AND "primary_phone" IS NOT NULL));
