-- Graphic captchas (single use, 5 minutes), SMS codes (hashed, single use, attempt-limited) and the single-use
-- login tickets the bind-phone answer carries instead of a password (DECISIONS.md).
CREATE TABLE captcha (
  uuid        text PRIMARY KEY,
  text_hash   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE TABLE sms_code (
  id          bigserial PRIMARY KEY,
  phone       text NOT NULL,
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  used_at     timestamptz
);
CREATE INDEX sms_code_phone ON sms_code (phone, id DESC);
CREATE TABLE login_ticket (
  ticket_hash text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
