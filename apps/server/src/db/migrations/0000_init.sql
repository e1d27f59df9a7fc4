CREATE TABLE "departs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32),
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(500),
	"depart_name_abbr" varchar(500),
	"depart_order" integer DEFAULT 0 NOT NULL,
	"description" text,
	"org_category" varchar(10) DEFAULT '1' NOT NULL,
	"org_type" varchar(10),
	"org_code" varchar(64) NOT NULL,
	"mobile" varchar(32),
	"fax" varchar(32),
	"address" varchar(100),
	"memo" varchar(500),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_id" varchar(32) NOT NULL,
	"item_text" varchar(100) NOT NULL,
	"item_value" varchar(100) NOT NULL,
	"description" varchar(255),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "dicts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"type" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "permission_data_rules" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"rule_column" varchar(50) NOT NULL,
	"rule_conditions" varchar(50) NOT NULL,
	"rule_value" varchar(300) NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32),
	"name" varchar(100) NOT NULL,
	"url" varchar(255),
	"component" varchar(255),
	"component_name" varchar(100),
	"redirect" varchar(255),
	"menu_type" smallint NOT NULL,
	"perms" varchar(1000),
	"perms_type" varchar(10) DEFAULT '1' NOT NULL,
	"sort_no" double precision DEFAULT 0 NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"icon" varchar(100),
	"is_route" boolean DEFAULT true NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"description" varchar(255),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"rule_flag" boolean DEFAULT false NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" text,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"role_name" varchar(200) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "user_departs" (
	"user_id" varchar(32) NOT NULL,
	"dep_id" varchar(32) NOT NULL,
	CONSTRAINT "user_departs_user_id_dep_id_pk" PRIMARY KEY("user_id","dep_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(100) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"avatar" varchar(255),
	"birthday" date,
	"sex" smallint,
	"email" varchar(100),
	"phone" varchar(32),
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"work_no" varchar(64),
	"post" varchar(100),
	"telephone" varchar(45),
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "announcement_sends" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"annt_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"read_flag" smallint DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"titile" varchar(100) NOT NULL,
	"msg_content" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sender" varchar(100),
	"priority" varchar(1) DEFAULT 'L' NOT NULL,
	"msg_category" varchar(1) DEFAULT '2' NOT NULL,
	"msg_type" varchar(10) DEFAULT 'ALL' NOT NULL,
	"send_status" varchar(1) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"bus_type" varchar(20),
	"bus_id" varchar(50),
	"open_type" varchar(20),
	"open_page" varchar(255),
	"user_ids" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"storage_path" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"biz" varchar(50) DEFAULT 'temp' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"log_type" smallint NOT NULL,
	"log_content" varchar(1000) NOT NULL,
	"operate_type" smallint,
	"userid" varchar(64),
	"username" varchar(100),
	"ip" varchar(100),
	"method" varchar(500),
	"request_url" varchar(255),
	"request_param" text,
	"request_type" varchar(10),
	"cost_time" integer,
	"success" boolean,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"logout_requested_at" timestamp with time zone,
	"ip" varchar(100),
	"user_agent" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"mobile" varchar(32) NOT NULL,
	"purpose" varchar(1) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_units" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"credit_code" varchar(18),
	"unit_type" varchar(10),
	"address" varchar(255),
	"phone" varchar(32),
	"email" varchar(100),
	"bank" varchar(100),
	"bank_account" varchar(64),
	"status" varchar(10),
	"remark" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "project_attachments" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"file_id" varchar(32) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" varchar(255) NOT NULL,
	"file_size" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "project_items" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"item_name" varchar(200) NOT NULL,
	"standard" varchar(200),
	"code_lines" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "project_no_counters" (
	"day" varchar(8) PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"project_no" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"customer_unit_id" varchar(32),
	"contact_name" varchar(100),
	"contact_phone" varchar(32),
	"test_type" varchar(10),
	"manager_id" varchar(32),
	"depart_id" varchar(32),
	"start_date" date,
	"due_date" date,
	"status" varchar(10) DEFAULT '1' NOT NULL,
	"amount" numeric(14, 2),
	"remark" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"credit_code" varchar(18),
	"supplier_type" varchar(10),
	"contact" varchar(100),
	"phone" varchar(32),
	"email" varchar(100),
	"address" varchar(255),
	"business_scope" varchar(1000),
	"qualification_expiry" date,
	"status" varchar(10),
	"remark" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "unit_contacts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"unit_id" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"phone" varchar(32),
	"email" varchar(100),
	"position" varchar(100),
	"is_primary" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_dict_id_dicts_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."dicts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_data_rules" ADD CONSTRAINT "permission_data_rules_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departs" ADD CONSTRAINT "user_departs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departs" ADD CONSTRAINT "user_departs_dep_id_departs_id_fk" FOREIGN KEY ("dep_id") REFERENCES "public"."departs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_sends" ADD CONSTRAINT "announcement_sends_annt_id_announcements_id_fk" FOREIGN KEY ("annt_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_sends" ADD CONSTRAINT "announcement_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_attachments" ADD CONSTRAINT "project_attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_attachments" ADD CONSTRAINT "project_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_items" ADD CONSTRAINT "project_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_unit_id_customer_units_id_fk" FOREIGN KEY ("customer_unit_id") REFERENCES "public"."customer_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_depart_id_departs_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."departs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_contacts" ADD CONSTRAINT "unit_contacts_unit_id_customer_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."customer_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departs_org_code_uq" ON "departs" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "departs_parent_idx" ON "departs" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "departs_create_time_idx" ON "departs" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_value_uq" ON "dict_items" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "dict_items_sort_idx" ON "dict_items" USING btree ("dict_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "dicts_dict_code_uq" ON "dicts" USING btree ("dict_code");--> statement-breakpoint
CREATE INDEX "dicts_create_time_idx" ON "dicts" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "permission_data_rules_perm_idx" ON "permission_data_rules" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "permissions_parent_idx" ON "permissions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "permissions_sort_idx" ON "permissions" USING btree ("sort_no");--> statement-breakpoint
CREATE INDEX "role_permissions_perm_idx" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_role_code_uq" ON "roles" USING btree ("role_code");--> statement-breakpoint
CREATE INDEX "roles_create_time_idx" ON "roles" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "user_departs_dep_idx" ON "user_departs" USING btree ("dep_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_work_no_uq" ON "users" USING btree ("work_no") WHERE "users"."work_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;--> statement-breakpoint
CREATE INDEX "users_create_time_idx" ON "users" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_sends_uq" ON "announcement_sends" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "announcement_sends_user_idx" ON "announcement_sends" USING btree ("user_id","read_flag");--> statement-breakpoint
CREATE INDEX "announcements_create_time_idx" ON "announcements" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "announcements_status_idx" ON "announcements" USING btree ("send_status","msg_type");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_path_uq" ON "files" USING btree ("storage_path");--> statement-breakpoint
CREATE INDEX "logs_type_time_idx" ON "logs" USING btree ("log_type","create_time");--> statement-breakpoint
CREATE INDEX "logs_create_time_idx" ON "logs" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_units_code_uq" ON "customer_units" USING btree ("code");--> statement-breakpoint
CREATE INDEX "customer_units_create_time_idx" ON "customer_units" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "project_attachments_project_idx" ON "project_attachments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_items_project_idx" ON "project_items" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_project_no_uq" ON "projects" USING btree ("project_no");--> statement-breakpoint
CREATE INDEX "projects_create_time_idx" ON "projects" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "projects_unit_idx" ON "projects" USING btree ("customer_unit_id");--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_uq" ON "suppliers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "suppliers_create_time_idx" ON "suppliers" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "unit_contacts_unit_idx" ON "unit_contacts" USING btree ("unit_id");