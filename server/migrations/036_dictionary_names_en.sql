-- The data dictionary's names in English (issue 45): a table's and a field's English name beside its Chinese one, as
-- options already carry (labelEn). The console shows them when it speaks English; '' falls back to the Chinese. The
-- standard dictionary's are filled at every start (server/seed/dictionary-names-en.ts), a tenant's own in the editor.
ALTER TABLE meta_table ADD COLUMN label_en text NOT NULL DEFAULT '';
ALTER TABLE meta_field ADD COLUMN label_en text NOT NULL DEFAULT '';
