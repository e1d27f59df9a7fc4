-- Exact row counts of the big list tables, kept by the database (see db/schema/list-counts.ts).
-- Statement-level triggers with transition tables: one update per statement, however many rows;
-- the count moves in the writer's transaction, so every snapshot sees an exact total and a
-- rollback takes its change back. Writers spread over 8 slots (by backend pid) instead of one hot row.
CREATE FUNCTION list_counts_add(tbl text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_counts AS c (table_name, slot, row_count, changes)
  VALUES (tbl, pg_backend_pid() % 8, delta, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET row_count = c.row_count + excluded.row_count, changes = c.changes + 1
$$;
--> statement-breakpoint
CREATE FUNCTION list_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM list_counts_new;
  IF n > 0 THEN PERFORM list_counts_add(TG_TABLE_NAME, n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM list_counts_old;
  IF n > 0 THEN PERFORM list_counts_add(TG_TABLE_NAME, -n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE that sets create_time may move rows in the default order: only `changes` grows.
CREATE FUNCTION list_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_counts_add(TG_TABLE_NAME, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts SET row_count = 0, changes = changes + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Installs the triggers on a table and records its current count (the triggers' lock on the table
-- keeps writers out until this transaction commits, so the starting count is exact).
CREATE FUNCTION list_counts_install(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER list_counts_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS list_counts_new FOR EACH STATEMENT EXECUTE FUNCTION list_counts_inserted()', tbl);
  EXECUTE format('CREATE TRIGGER list_counts_del AFTER DELETE ON %I REFERENCING OLD TABLE AS list_counts_old FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deleted()', tbl);
  EXECUTE format('CREATE TRIGGER list_counts_upd AFTER UPDATE OF create_time ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counts_moved()', tbl);
  EXECUTE format('CREATE TRIGGER list_counts_trunc AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated()', tbl);
  DELETE FROM list_counts WHERE table_name = tbl;
  EXECUTE format('INSERT INTO list_counts (table_name, slot, row_count, changes) SELECT %L, 0, count(*), 0 FROM %I', tbl, tbl);
END $$;
--> statement-breakpoint
SELECT list_counts_install(t) FROM unnest(ARRAY['suppliers', 'customer_units', 'projects', 'users', 'roles', 'dicts', 'announcements']) AS t;
