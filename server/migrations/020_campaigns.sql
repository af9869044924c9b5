-- 020: campaigns of the content area (issue 15): each type's list, the eight steps of 设置活动 as one JSON object
-- (a draft is saved step by step), and the audit (submitted, approved or rejected with a reason).
CREATE TABLE campaign (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant (id),
  type           text NOT NULL CHECK (type IN ('lottery', 'vote', 'check_in', 'cashback', 'fission')),
  name           text NOT NULL DEFAULT '',
  -- draft, pending (submitted), rejected, scheduled (approved; running and ended follow from the dates)
  status         text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending', 'rejected', 'scheduled')),
  steps          jsonb NOT NULL DEFAULT '{}',
  current_step   text NOT NULL DEFAULT 'campaign-base-info',
  start_at       timestamptz,
  end_at         timestamptz,
  version        integer NOT NULL DEFAULT 1,
  created_by     integer,
  updated_by     integer,
  submitted_by   integer,
  submitted_at   timestamptz,
  reviewed_by    integer,
  reviewed_at    timestamptz,
  reject_reason  text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaign_list ON campaign (tenant_id, type, id DESC);
CREATE INDEX campaign_audit ON campaign (tenant_id, status, submitted_at DESC);
