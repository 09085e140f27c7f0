-- The users list's status filter (users.md §2): suspended users are few, so the "Suspended" page and its count read
-- this partial index instead of the whole tenant. Active users are found by walking users_tenant_id_created_at_id.
CREATE INDEX "users_tenant_id_suspended_created_at_id" ON "idp"."users" USING btree ("tenant_id","created_at" DESC,"id" DESC) WHERE "is_suspended";
