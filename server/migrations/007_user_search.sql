-- 007: the users list's keyword (account, nickname or phone containing it) through a trigram index, not a scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX app_user_search ON app_user USING gin ((user_name || ' | ' || nickname || ' | ' || phone) gin_trgm_ops)
  WHERE deleted_at IS NULL;
