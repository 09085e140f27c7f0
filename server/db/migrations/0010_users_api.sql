-- The users list's status filter (users.md §2): suspended users are few, so the "Suspended" page and its count read
-- this partial index instead of the whole tenant. Active users are found by walking users_tenant_id_created_at_id.
CREATE INDEX "users_tenant_id_suspended_created_at_id" ON "idp"."users" USING btree ("tenant_id","created_at" DESC,"id" DESC) WHERE "is_suspended";
--> statement-breakpoint
-- Who holds a social identity (a second user linking it is refused; a social sign-in finds its user): a containment
-- match on the identities, served by this index instead of reading every user of the tenant.
CREATE INDEX "users_identities" ON "idp"."users" USING gin ("identities" jsonb_path_ops);
--> statement-breakpoint
-- Ending a user's sign-ins (suspension, a password reset or deletion of a tenant's user; a console password change)
-- finds the issuer's rows of that account instead of reading all of the issuer's rows (server/accounts/oidc-state.ts).
CREATE INDEX "oidc_models_tenant_id_account_id" ON "oidc_models" USING btree ("tenant_id",("payload" ->> 'accountId'));
--> statement-breakpoint
CREATE INDEX "oidc_models_tenant_id_interaction_account_id" ON "oidc_models" USING btree ("tenant_id",(("payload" -> 'session') ->> 'accountId')) WHERE "model" = 'Interaction';
