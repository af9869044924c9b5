-- 025: a role's English name, shown when the console is in English (empty: the Chinese name is shown).
ALTER TABLE role ADD COLUMN name_en text NOT NULL DEFAULT '';
