CREATE TABLE "analyses" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"sample_id" varchar(32) NOT NULL,
	"project_item_id" varchar(32),
	"item_name" varchar(200) NOT NULL,
	"standard" varchar(200),
	"unit" varchar(20),
	"spec_min" numeric(20, 6),
	"spec_max" numeric(20, 6),
	"spec_text" varchar(200),
	"analyst_id" varchar(32),
	"due_date" date,
	"result" varchar(100),
	"out_of_spec" boolean,
	"entered_by" varchar(32),
	"entered_at" timestamp with time zone,
	"status" varchar(10) DEFAULT '1' NOT NULL,
	"reject_reason" varchar(500),
	"result_round" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "analysis_verifications" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"analysis_id" varchar(32) NOT NULL,
	"round" integer NOT NULL,
	"verifier_id" varchar(32) NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_no_counters" (
	"prefix" varchar(8) NOT NULL,
	"day" varchar(8) NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "doc_no_counters_prefix_day_pk" PRIMARY KEY("prefix","day")
);
--> statement-breakpoint
CREATE TABLE "lims_audit" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"entity" varchar(20) NOT NULL,
	"record_id" varchar(32) NOT NULL,
	"record_label" varchar(200),
	"action" varchar(20) NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" varchar(500),
	"user_id" varchar(32),
	"username" varchar(64),
	"realname" varchar(100),
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lims_settings" (
	"key" varchar(50) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_samples" (
	"report_id" varchar(32) NOT NULL,
	"sample_id" varchar(32) NOT NULL,
	CONSTRAINT "report_samples_report_id_sample_id_pk" PRIMARY KEY("report_id","sample_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"report_no" varchar(32) NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"version_no" integer DEFAULT 1 NOT NULL,
	"previous_id" varchar(32),
	"status" varchar(10) DEFAULT '1' NOT NULL,
	"file_id" varchar(32),
	"approved_by" varchar(32),
	"approved_at" timestamp with time zone,
	"published_by" varchar(32),
	"published_at" timestamp with time zone,
	"amend_reason" varchar(500),
	"remark" varchar(500),
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"sample_no" varchar(32) NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"sample_type" varchar(10),
	"quantity" numeric(14, 3),
	"unit" varchar(20),
	"condition" varchar(10),
	"storage_location" varchar(200),
	"received_by" varchar(32),
	"received_at" timestamp with time zone,
	"status" varchar(10) DEFAULT '1' NOT NULL,
	"return_reason" varchar(500),
	"remark" varchar(500),
	"version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(64),
	"update_time" timestamp with time zone,
	"update_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "project_items" ADD COLUMN "unit" varchar(20);--> statement-breakpoint
ALTER TABLE "project_items" ADD COLUMN "spec_min" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "project_items" ADD COLUMN "spec_max" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "project_items" ADD COLUMN "spec_text" varchar(200);--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_project_item_id_project_items_id_fk" FOREIGN KEY ("project_item_id") REFERENCES "public"."project_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_verifications" ADD CONSTRAINT "analysis_verifications_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_verifications" ADD CONSTRAINT "analysis_verifications_verifier_id_users_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_samples" ADD CONSTRAINT "report_samples_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_samples" ADD CONSTRAINT "report_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_create_time_idx" ON "analyses" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "analyses_sample_idx" ON "analyses" USING btree ("sample_id");--> statement-breakpoint
CREATE INDEX "analyses_analyst_status_idx" ON "analyses" USING btree ("analyst_id","status");--> statement-breakpoint
CREATE INDEX "analyses_status_due_idx" ON "analyses" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "analyses_item_name_trgm" ON "analyses" USING gin ("item_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_verifications_uq" ON "analysis_verifications" USING btree ("analysis_id","round","verifier_id");--> statement-breakpoint
CREATE INDEX "lims_audit_record_idx" ON "lims_audit" USING btree ("entity","record_id","at");--> statement-breakpoint
CREATE INDEX "lims_audit_at_idx" ON "lims_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "report_samples_sample_idx" ON "report_samples" USING btree ("sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_report_no_uq" ON "reports" USING btree ("report_no");--> statement-breakpoint
CREATE INDEX "reports_create_time_idx" ON "reports" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "reports_report_no_trgm" ON "reports" USING gin ("report_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reports_project_idx" ON "reports" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "samples_sample_no_uq" ON "samples" USING btree ("sample_no");--> statement-breakpoint
CREATE INDEX "samples_create_time_idx" ON "samples" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "samples_sample_no_trgm" ON "samples" USING gin ("sample_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "samples_name_trgm" ON "samples" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "samples_project_idx" ON "samples" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "samples_status_idx" ON "samples" USING btree ("status");
--> statement-breakpoint
-- Project numbers move to the shared counters (prefix XM), keeping every number already handed out.
INSERT INTO "doc_no_counters" ("prefix", "day", "last") SELECT 'XM', "day", "last" FROM "project_no_counters";
--> statement-breakpoint
DROP TABLE "project_no_counters";
--> statement-breakpoint
-- The audit trail is append-only: the database itself refuses to change or remove its rows.
CREATE FUNCTION lims_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lims_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER lims_audit_no_update BEFORE UPDATE OR DELETE ON "lims_audit" FOR EACH ROW EXECUTE FUNCTION lims_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER lims_audit_no_truncate BEFORE TRUNCATE ON "lims_audit" FOR EACH STATEMENT EXECUTE FUNCTION lims_audit_append_only();
--> statement-breakpoint
-- Exact counts for the laboratory lists (see 0003_list_counts.sql).
SELECT list_counts_install(t) FROM unnest(ARRAY['samples', 'analyses', 'reports']) AS t;
