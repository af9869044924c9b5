-- 019: the page builder's pages (SPEC 3 page-builder state; SPEC 7 pageInfo) and the component palette it offers
-- (SPEC 7 componentMiniprogramInfo). A page keeps SPEC 3's three parts as JSON, checked by src/api/page-rules.ts.
CREATE TABLE page_info (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  name        text NOT NULL,
  page_data   jsonb NOT NULL,
  rects       jsonb NOT NULL DEFAULT '[]',
  pops        jsonb NOT NULL DEFAULT '[]',
  -- 0 draft, 1 published
  status      smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  version     integer NOT NULL DEFAULT 1,
  created_by  integer,
  updated_by  integer,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_info_tenant ON page_info (tenant_id, id DESC);

-- The palette: what a rect can be, with the size it starts at (shared by every tenant).
CREATE TABLE component_miniprogram_info (
  id            serial PRIMARY KEY,
  code          text NOT NULL UNIQUE,
  name          text NOT NULL,
  category      text NOT NULL,
  default_rect  jsonb NOT NULL,
  sort          integer NOT NULL DEFAULT 0
);
INSERT INTO component_miniprogram_info (code, name, category, default_rect, sort) VALUES
  ('image',  '图片',   '基础', '{"width": 750, "height": 400}', 1),
  ('banner', '轮播图', '基础', '{"width": 750, "height": 360, "bannerData": []}', 2),
  ('hotzone', '热区',  '交互', '{"width": 300, "height": 120, "hotZone": []}', 3),
  ('button', '按钮',   '交互', '{"width": 320, "height": 88}', 4),
  ('voice',  '背景音乐', '媒体', '{"width": 80, "height": 80, "voiceInfo": {"playingImg": "", "stopImg": "", "autoPlay": false}}', 5),
  ('video',  '视频',   '媒体', '{"width": 750, "height": 420, "duration": 0}', 6),
  ('popup',  '弹窗',   '交互', '{"width": 600, "height": 800}', 7);
