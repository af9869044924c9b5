-- Why a session was ended before its time, when the user should be told (issue 45): 'forced' when an administrator
-- forced it off (online users). The next call of that session answers 401 with this reason beside SPEC's fields.
ALTER TABLE user_session ADD COLUMN revoked_why text;
