-- No JIT compilation for the console's statements (issue 46). PostgreSQL compiles a statement whose plan it costs past
-- jit_above_cost (100,000) before running it: a console's statements are short, and a walk that stops at its page but
-- is costed as a whole scan (the operation log's page filter walking its span for the matches, server/features/
-- operation-log/queries.ts operationPage) spent 225 ms compiling for a 0.2 ms walk. The setting is the role's: every
-- session the server opens from here on (this one at once).
ALTER ROLE CURRENT_USER SET jit = off;
SET jit = off;
