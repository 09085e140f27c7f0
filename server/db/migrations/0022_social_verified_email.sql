-- A third way an e-mail or phone is verified (issue 24): 'social', the social provider that registered the user said
-- the e-mail is verified (an OpenID Connect email_verified of true, an OAuth 2.0 profile's mapped flag, or a connector
-- told to trust its provider's e-mails). The console's own accounts share the type, so both tables take it.
ALTER TABLE "idp"."users" DROP CONSTRAINT "users_primary_email_verified_by";
--> statement-breakpoint
ALTER TABLE "idp"."users" DROP CONSTRAINT "users_primary_phone_verified_by";
--> statement-breakpoint
ALTER TABLE "idp"."users" ADD CONSTRAINT "users_primary_email_verified_by" CHECK ("primary_email_verified_by" IS NULL OR ("primary_email_verified_by" IN ('code', 'admin', 'social') AND "primary_email" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "idp"."users" ADD CONSTRAINT "users_primary_phone_verified_by" CHECK ("primary_phone_verified_by" IS NULL OR ("primary_phone_verified_by" IN ('code', 'admin', 'social') AND "primary_phone" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_primary_email_verified_by";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_primary_phone_verified_by";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_primary_email_verified_by" CHECK ("primary_email_verified_by" IS NULL OR ("primary_email_verified_by" IN ('code', 'admin', 'social') AND "primary_email" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_primary_phone_verified_by" CHECK ("primary_phone_verified_by" IS NULL OR ("primary_phone_verified_by" IN ('code', 'admin', 'social') AND "primary_phone" IS NOT NULL));
