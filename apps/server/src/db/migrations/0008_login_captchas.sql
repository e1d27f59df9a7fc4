CREATE TABLE "login_captchas" (
	"check_key" varchar(32) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_captchas_expires_idx" ON "login_captchas" USING btree ("expires_at");