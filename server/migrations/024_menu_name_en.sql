-- 024: a menu entry's English name, shown when the console is in English (empty: the Chinese name is shown).
ALTER TABLE menu ADD COLUMN name_en text NOT NULL DEFAULT '';
