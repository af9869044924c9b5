-- 029: when a session's granted menu ids were computed (initUserPermission). With the ids, it names one generation
-- of the session's menu: a process may keep the tree it built for that generation, since every change of roles,
-- grants or menus clears the ids and the next initUserPermission starts a new generation.
ALTER TABLE user_session ADD COLUMN permissions_at timestamptz;
