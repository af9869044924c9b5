-- 010: presence and tenant codes.
-- A session is online while its browser holds the event stream (which touches last_seen_at every ping) or it made
-- a call within the presence window (server/presence.ts); a closed tab drops out of the online list after that window.
ALTER TABLE user_session ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX user_session_presence ON user_session (tenant_id, last_seen_at DESC) WHERE revoked_at IS NULL;

-- The public code of a tenant: links to the public pages name it (?tenant=code), so a phone with accounts in
-- several tenants is handled in the right one.
ALTER TABLE tenant ADD COLUMN code text;
UPDATE tenant SET code = 't' || id WHERE code IS NULL;
ALTER TABLE tenant ALTER COLUMN code SET NOT NULL;
-- A tenant made without a code (self-service registration) gets t<id>.
CREATE FUNCTION tenant_default_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.code := COALESCE(NULLIF(NEW.code, ''), 't' || NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER tenant_default_code BEFORE INSERT ON tenant FOR EACH ROW EXECUTE FUNCTION tenant_default_code();
CREATE UNIQUE INDEX tenant_code ON tenant (lower(code));
