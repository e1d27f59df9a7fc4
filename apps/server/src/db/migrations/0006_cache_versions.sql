CREATE TABLE "cache_versions" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The caches' versions move in the writer's transaction (see db/schema/cache-versions.ts): one
-- statement-level trigger per table a cache reads, so a rollback takes the bump back and a
-- committed change is visible to the next version read of every instance.
INSERT INTO cache_versions (name, version) VALUES ('permissions', 0), ('dicts', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION cache_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('permissions');
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('permissions');
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('permissions');
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_data_rules FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('permissions');
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dicts FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('dicts');
--> statement-breakpoint
CREATE TRIGGER cache_versions_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dict_items FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump('dicts');
