-- The document collections named for what they are (issue 44 part 3): collections of files kept in this database.
-- SPEC calls them "Mongo tables"; its paths (/v1/mongo/…), the page component and the button codes keep that name.
ALTER TABLE mongo_table RENAME TO collection;
ALTER SEQUENCE mongo_table_id_seq RENAME TO collection_id_seq;
ALTER INDEX mongo_table_pkey RENAME TO collection_pkey;
ALTER INDEX mongo_table_name RENAME TO collection_name;
ALTER TABLE mongo_table_file RENAME TO collection_file;
ALTER SEQUENCE mongo_table_file_id_seq RENAME TO collection_file_id_seq;
ALTER INDEX mongo_table_file_pkey RENAME TO collection_file_pkey;
ALTER INDEX mongo_table_file_name RENAME TO collection_file_name;
ALTER TABLE collection_file RENAME COLUMN table_id TO collection_id;
