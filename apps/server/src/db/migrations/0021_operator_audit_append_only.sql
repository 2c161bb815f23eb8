-- The operators' audit log is append-only: an entry, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION operator_audit_is_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operator_audit_append_only
  BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_is_append_only();
--> statement-breakpoint
CREATE TRIGGER operator_audit_no_truncate
  BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_is_append_only();
