ALTER TABLE "user_departs" DROP CONSTRAINT "user_departs_dep_id_departs_id_fk";
--> statement-breakpoint
ALTER TABLE "user_departs" ADD CONSTRAINT "user_departs_dep_id_departs_id_fk" FOREIGN KEY ("dep_id") REFERENCES "public"."departs"("id") ON DELETE no action ON UPDATE no action;