-- What a tracked click led to (issue 45, DECISIONS "Operation log"): SPEC 7's record of the click, plus its outcome once
-- the console knows it: 'success', 'failure' (with the refusal's words) or 'cancelled' (the confirmation or form was
-- dismissed). A click that only moves (a menu entry) or opens a read has none. The records service's own write rows
-- are successes by construction.
ALTER TABLE operation_log
  ADD COLUMN outcome text CHECK (outcome IN ('success', 'failure', 'cancelled')),
  ADD COLUMN refusal text NOT NULL DEFAULT '';
UPDATE operation_log SET outcome = 'success' WHERE operation_type = 'write';
