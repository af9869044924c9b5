-- Users' 备注 (remark): a declared field of users (src/api/schema/system/user.ts USER_FIELDS), at most 200 characters.
ALTER TABLE app_user ADD COLUMN remark text NOT NULL DEFAULT '';
