-- 001: tenants, users, roles, the menu catalogue, sessions, tokens, settings.
-- Every tenant-owned row carries tenant_id; the server filters by the session's tenant, never by the request.

CREATE TABLE tenant (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE depart (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  depart_name text NOT NULL
);

CREATE TABLE mall (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  name        text NOT NULL
);

CREATE TABLE app_user (
  id              serial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant(id),
  user_name       text NOT NULL UNIQUE,
  password_hash   text NOT NULL,
  nickname        text NOT NULL,
  headimgurl      text NOT NULL DEFAULT '',
  phone           text NOT NULL DEFAULT '',
  user_type       smallint NOT NULL CHECK (user_type IN (0, 1, 2)),
  store_id        integer,
  mall_id         integer REFERENCES mall(id),
  default_mall_id integer REFERENCES mall(id),
  depart_ids      integer[] NOT NULL DEFAULT '{}',
  status          smallint NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_user_tenant ON app_user (tenant_id);

CREATE TABLE role (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  name        text NOT NULL,
  parent_id   integer REFERENCES role(id)
);

CREATE TABLE user_role (
  user_id     integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  role_id     integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- The page and button catalogue. tenant_id NULL: offered to every tenant; otherwise that tenant's own entry.
-- A row with is_wrapper has no id in the menu answer (SPEC 2: its first child is promoted).
CREATE TABLE menu (
  id                      serial PRIMARY KEY,
  parent_id               integer REFERENCES menu(id) ON DELETE CASCADE,
  tenant_id               integer REFERENCES tenant(id),
  name                    text NOT NULL,
  path                    text NOT NULL DEFAULT '',
  icon                    text NOT NULL DEFAULT '',
  uri_type                smallint NOT NULL DEFAULT 1,
  need_button_permission  boolean NOT NULL DEFAULT false,
  component               text NOT NULL DEFAULT '',
  code                    text NOT NULL DEFAULT '',
  is_wrapper              boolean NOT NULL DEFAULT false,
  sort                    integer NOT NULL DEFAULT 0
);
CREATE INDEX menu_parent ON menu (parent_id);

CREATE TABLE role_perm (
  role_id     integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  menu_id     integer NOT NULL REFERENCES menu(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

-- Only a SHA-256 of each token is stored: a leaked table does not leak live sessions.
CREATE TABLE user_session (
  token_hash      text PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  tenant_id       integer NOT NULL REFERENCES tenant(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  login_ip        text NOT NULL DEFAULT '',
  login_system    text NOT NULL DEFAULT 'SCRM',
  -- menu ids the session may use, set by /v1/userRole/initUserPermission
  permissions     integer[]
);
CREATE INDEX user_session_user ON user_session (user_id);

CREATE TABLE access_token (
  token_hash      text PRIMARY KEY,
  session_hash    text REFERENCES user_session(token_hash) ON DELETE CASCADE,
  deadline        timestamptz NOT NULL
);

CREATE TABLE aes_key (
  key_id      text PRIMARY KEY,
  key_b64     text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE TABLE system_setting (
  tenant_id   integer NOT NULL REFERENCES tenant(id),
  type        text NOT NULL,
  params      text NOT NULL,
  PRIMARY KEY (tenant_id, type)
);
