-- Issue 26 part 1: a member under review (a report_holds row) is left out of the member search
-- (members/search.ts). The search keeps lists of matches in memory (members/search-cache.ts,
-- answer-cache.ts); a hold made or ended tells every instance to forget them ('0', as migration
-- 0022 does for a changed profile) and that member's own entries.
CREATE OR REPLACE FUNCTION report_holds_member_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_cache', '0,' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_holds_member_cache AFTER INSERT OR DELETE ON report_holds
  FOR EACH ROW EXECUTE FUNCTION report_holds_member_cache();
