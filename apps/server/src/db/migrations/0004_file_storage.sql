CREATE TABLE "file_contents" (
	"storage_path" varchar(255) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_create_by_time_idx" ON "files" USING btree ("create_by","create_time");