ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
CREATE INDEX "analyses_item_name_idx" ON "analyses" USING btree ("item_name","create_time","id");--> statement-breakpoint
CREATE INDEX "samples_received_at_idx" ON "samples" USING btree ("received_at");