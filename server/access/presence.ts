import type { Db } from '../infra/db/db.ts';

/**
 * Presence: a session is online while its browser holds the event stream (each ping touches it) or it made a call
 * within the window. A tab closed long ago drops out of the online list after PRESENCE_WINDOW_SECONDS, though its
 * session stays valid until it expires (the user may come back to it).
 */
export const PRESENCE_WINDOW_SECONDS = 120;
/** A call touches the session at most this often: one write per session per half minute, not one per call. */
export const TOUCH_AFTER_SECONDS = 30;
/** The event stream's keep-alive, which also keeps an idle but open tab online. */
export const STREAM_PING_MS = 25_000;

/** SQL: the session aliased `alias` is online (live, not ended, seen within the window). */
export const isOnline = (alias: string) =>
  `(${alias}.revoked_at IS NULL AND ${alias}.expires_at > now() AND ${alias}.last_seen_at > now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS}))`;

/** Marks a session seen now. */
export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('UPDATE user_session SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
}

/** Whether a call should touch the session (last seen more than TOUCH_AFTER_SECONDS ago). */
export const dueForTouch = (lastSeenAt: Date, now = Date.now()) => now - new Date(lastSeenAt).getTime() > TOUCH_AFTER_SECONDS * 1000;
