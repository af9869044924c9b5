-- 023: a password someone else chose or saw (an account made by an administrator, an import, a new tenant's first
-- admin) must be changed at the next sign-in; until then the session may make only the shell's calls and the change.
ALTER TABLE app_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
