-- The API resources list reads its page in the list's order (the management API first, then the newest) straight
-- from this index, and counts the tenant's rows apart: 20 rows read, not all of them sorted.
CREATE INDEX "resources_tenant_id_list_order" ON "idp"."resources" USING btree ("tenant_id","is_built_in" DESC,"created_at" DESC,"id");
--> statement-breakpoint
DROP INDEX "idp"."resources_tenant_id_created_at";
