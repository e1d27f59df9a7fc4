CREATE TABLE "list_counts" (
	"table_name" varchar(63) NOT NULL,
	"slot" smallint NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);
--> statement-breakpoint
DROP INDEX "departs_create_time_idx";--> statement-breakpoint
DROP INDEX "dicts_create_time_idx";--> statement-breakpoint
DROP INDEX "roles_create_time_idx";--> statement-breakpoint
DROP INDEX "users_create_time_idx";--> statement-breakpoint
DROP INDEX "announcements_create_time_idx";--> statement-breakpoint
DROP INDEX "logs_type_time_idx";--> statement-breakpoint
DROP INDEX "logs_create_time_idx";--> statement-breakpoint
DROP INDEX "customer_units_create_time_idx";--> statement-breakpoint
DROP INDEX "projects_create_time_idx";--> statement-breakpoint
DROP INDEX "suppliers_create_time_idx";--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_realname_trgm" ON "users" USING gin ("realname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_content_trgm" ON "logs" USING gin ("log_content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_units_code_trgm" ON "customer_units" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_units_name_trgm" ON "customer_units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_project_no_trgm" ON "projects" USING gin ("project_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_code_trgm" ON "suppliers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm" ON "suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "departs_create_time_idx" ON "departs" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "dicts_create_time_idx" ON "dicts" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "roles_create_time_idx" ON "roles" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "users_create_time_idx" ON "users" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "announcements_create_time_idx" ON "announcements" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "logs_type_time_idx" ON "logs" USING btree ("log_type","create_time","id");--> statement-breakpoint
CREATE INDEX "logs_create_time_idx" ON "logs" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "customer_units_create_time_idx" ON "customer_units" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "projects_create_time_idx" ON "projects" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "suppliers_create_time_idx" ON "suppliers" USING btree ("create_time","id");