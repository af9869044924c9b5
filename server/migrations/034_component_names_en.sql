-- The builder's components in English (issue 45): the console shows name_en when it speaks English, as it does for
-- menu entries and roles.
ALTER TABLE component_miniprogram_info ADD COLUMN name_en text NOT NULL DEFAULT '';
UPDATE component_miniprogram_info SET name_en = CASE code
  WHEN 'image' THEN 'Image'
  WHEN 'banner' THEN 'Carousel'
  WHEN 'hotzone' THEN 'Hot zone'
  WHEN 'button' THEN 'Button'
  WHEN 'voice' THEN 'Background music'
  WHEN 'video' THEN 'Video'
  WHEN 'popup' THEN 'Popup'
  ELSE name_en END;
