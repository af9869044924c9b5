import { randomInt } from 'node:crypto';
import type { Db } from '../infra/db/db.ts';
import { newToken, sha256 } from '../infra/crypto.ts';
import { ApiError } from '../infra/http/http.ts';
import { recordSms } from './logs.ts';
import type { Secrets } from '../infra/secrets.ts';
import { activePlatform, sendThrough } from './sms-platforms.ts';

/** the SMS resend countdown is 60 s; the server enforces it too. */
export const RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 300;
export const CAPTCHA_TTL_SECONDS = 300;
export const MAX_CODE_ATTEMPTS = 5;
export const TICKET_TTL_SECONDS = 60;
const TOO_MANY_ATTEMPTS = '验证码错误次数过多，请重新获取';

/** 11 digits starting with 1. */
export const isPhone = (v: unknown): v is string => typeof v === 'string' && /^1\d{10}$/.test(v);
export const isCaptchaUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{32}$/i.test(v);

const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Codes in demo mode: nothing is sent; the latest code per phone and the text per captcha are kept here so that
 * a tester (and the e2e tests) can read them from GET /manage/anon/dev/outbox (DECISIONS.md).
 */
export class DevOutbox {
  readonly sms = new Map<string, string>();
  readonly captchas = new Map<string, string>();
}

export class SmsService {
  constructor(
    private readonly db: Db,
    private readonly outbox: DevOutbox | null,
    /** seconds before the same phone may get another code (60; SMS_RESEND_SECONDS overrides) */
    private readonly resendSeconds = RESEND_SECONDS,
    /** seals the platforms' secrets (server/infra/secrets.ts); without it no platform is used */
    private readonly secrets: Secrets | null = null,
    /** a gateway on this machine or a private network may be called (demo; SCRM_ALLOW_PRIVATE_TARGETS=1) */
    private readonly allowPrivateTargets = false,
  ) {}

  /** Issues a captcha for a client-made uuid (a new uuid replaces nothing: each is its own). */
  async captcha(uuid: string): Promise<string> {
    if (!isCaptchaUuid(uuid)) throw new ApiError('uuid 必须是 32 位十六进制字符串');
    const text = Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
    await this.db.query(`DELETE FROM captcha WHERE created_at < now() - make_interval(secs => $1)`, [CAPTCHA_TTL_SECONDS]);
    await this.db.query(
      `INSERT INTO captcha (uuid, text_hash) VALUES ($1, $2)
       ON CONFLICT (uuid) DO UPDATE SET text_hash = EXCLUDED.text_hash, created_at = now(), used_at = NULL`,
      [uuid.toLowerCase(), sha256(text)],
    );
    this.outbox?.captchas.set(uuid.toLowerCase(), text);
    return text;
  }

  /**
   * Checks the captcha (spent by any attempt, right or wrong), the 60 s resend rule, then issues a code. The
   * answer's `values` is empty on failure, with the reason in errmsg.
   */
  async send(phone: unknown, imgVeryCode: unknown, uuid: unknown, tenantId: number | null = null): Promise<string> {
    if (!isPhone(phone)) throw new ApiError('请输入正确的手机号码', { values: '' });
    if (!isCaptchaUuid(uuid) || typeof imgVeryCode !== 'string' || !imgVeryCode.trim())
      throw new ApiError('请输入图形验证码', { values: '' });
    const [captcha] = await this.db.query<{ text_hash: string }>(
      `UPDATE captcha SET used_at = now() WHERE uuid = $1 AND used_at IS NULL AND created_at > now() - make_interval(secs => $2)
       RETURNING text_hash`,
      [uuid.toLowerCase(), CAPTCHA_TTL_SECONDS],
    );
    if (!captcha || captcha.text_hash !== sha256(imgVeryCode.trim().toUpperCase())) {
      throw new ApiError('图形验证码错误或已失效，请点击图片刷新', { values: '' });
    }
    // Claims the phone's resend window in one statement: of two parallel sends, one finds the window taken.
    const claimed = await this.db.query(
      `INSERT INTO sms_send_window AS w (phone, last_sent) VALUES ($1, now())
       ON CONFLICT (phone) DO UPDATE SET last_sent = now() WHERE w.last_sent <= now() - make_interval(secs => $2)
       RETURNING phone`,
      [phone, this.resendSeconds],
    );
    if (!claimed.length) {
      const [w] = await this.db.query<{ wait: number }>(
        `SELECT greatest(1, ceil($2 - extract(epoch FROM now() - last_sent)))::int AS wait FROM sms_send_window WHERE phone = $1`,
        [phone, this.resendSeconds],
      );
      throw new ApiError(`发送过于频繁，请 ${w?.wait ?? this.resendSeconds} 秒后再试`, { values: '' });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(`INSERT INTO sms_code (phone, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      phone,
      sha256(code),
      CODE_TTL_SECONDS,
    ]);
    // The tenant's active SMS platform sends it; a demo also keeps it in the dev outbox. The SMS log says what
    // happened, never the code.
    this.outbox?.sms.set(phone, code);
    const platform = tenantId !== null && this.secrets ? await activePlatform(this.db, tenantId) : null;
    if (platform) {
      const sent = await sendThrough(
        platform,
        this.secrets!,
        { phone, purpose: 'verify_code', params: { code } },
        this.allowPrivateTargets,
      );
      await recordSms(this.db, {
        tenantId,
        phone,
        template: 'verify_code',
        platform: platform.name,
        success: sent.ok,
        error: sent.ok ? '' : sent.error,
      });
      if (!sent.ok && !this.outbox) throw new ApiError('短信发送失败，请稍后重试', { values: '' });
      return 'sent';
    }
    await recordSms(this.db, {
      tenantId,
      phone,
      template: 'verify_code',
      platform: this.outbox ? 'dev-outbox' : 'none',
      success: Boolean(this.outbox),
      error: this.outbox ? '' : '未配置短信平台',
    });
    return 'sent';
  }

  /**
   * Spends the latest code of a phone if it matches; a wrong one counts, and after MAX_CODE_ATTEMPTS the code is
   * dead. One statement checks and counts, so parallel guesses get MAX_CODE_ATTEMPTS checks in all, not each.
   */
  async verify(phone: string, code: string, { spend = true } = {}): Promise<void> {
    // spend: false checks (a wrong code still counts) and leaves a right one live, for a second step that spends it.
    const [row] = await this.db.query<{ matched: boolean; attempts: number }>(
      `UPDATE sms_code SET
         attempts = attempts + CASE WHEN code_hash = $2 THEN 0 ELSE 1 END,
         used_at  = CASE WHEN code_hash = $2 AND $4 THEN now() ELSE used_at END
        WHERE id = (SELECT id FROM sms_code WHERE phone = $1 AND used_at IS NULL AND expires_at > now() ORDER BY id DESC LIMIT 1)
          AND used_at IS NULL AND expires_at > now() AND attempts < $3
        RETURNING code_hash = $2 AS matched, attempts`,
      [phone, sha256(code.trim()), MAX_CODE_ATTEMPTS, spend],
    );
    if (row?.matched) return;
    if (row) throw new ApiError(row.attempts >= MAX_CODE_ATTEMPTS ? TOO_MANY_ATTEMPTS : '验证码错误');
    // Nothing was checked: say why (no live code, or its attempts are spent).
    const [latest] = await this.db.query<{ attempts: number }>(
      `SELECT attempts FROM sms_code WHERE phone = $1 AND used_at IS NULL AND expires_at > now() ORDER BY id DESC LIMIT 1`,
      [phone],
    );
    throw new ApiError(latest && latest.attempts >= MAX_CODE_ATTEMPTS ? TOO_MANY_ATTEMPTS : '验证码已失效，请重新获取');
  }

  /** A single-use login ticket for a user, valid TICKET_TTL_SECONDS; /anon/passport/login accepts it once as the password. */
  async ticket(userId: number): Promise<string> {
    const ticket = `ticket:${newToken()}`;
    await this.db.query(`INSERT INTO login_ticket (ticket_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      sha256(ticket),
      userId,
      TICKET_TTL_SECONDS,
    ]);
    return ticket;
  }

  /** Spends a ticket of this user; true when it was valid. */
  async redeemTicket(userId: number, ticket: string): Promise<boolean> {
    if (!ticket.startsWith('ticket:')) return false;
    const rows = await this.db.query(
      `UPDATE login_ticket SET used_at = now() WHERE ticket_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [sha256(ticket), userId],
    );
    return rows.length > 0;
  }
}

/** A captcha image: the text in an SVG with noise lines (no font files, no native image library). */
export function captchaSvg(text: string): string {
  const w = 120;
  const h = 40;
  const lines = Array.from({ length: 6 }, () => {
    const c = `hsl(${randomInt(360)},50%,60%)`;
    return `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-width="1"/>`;
  }).join('');
  const chars = [...text]
    .map((ch, i) => {
      const x = 18 + i * 26;
      const rot = randomInt(-25, 26);
      return `<text x="${x}" y="28" font-size="24" font-family="monospace" font-weight="bold" fill="hsl(${randomInt(360)},60%,35%)" transform="rotate(${rot} ${x} 22)">${ch}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f3f6fb"/>${lines}${chars}</svg>`;
}
