import type { Db } from './db/db.ts';
import { recordSessionsEnded } from '../services/logs.ts';
import { log } from './logger.ts';

/** Who an event is for: one session (by its public id), every session of a user, or of a tenant. */
export type Audience = { sessionId: string } | { userId: number } | { tenantId: number };

/** A subscriber: the session whose browser holds the stream. */
/** What an event carries besides its name (a revoked session's `reason`), sent to the browser as the event's data. */
export type EventData = Record<string, string | number | boolean>;
type Listener = (event: string, data?: EventData) => void;

export interface Subscriber {
  sessionId: string;
  userId: number;
  tenantId: number;
}

const CHANNEL = 'scrm_session_events';

/**
 * Pushes to the browsers of sessions (Server-Sent Events), so that a session ended elsewhere (force logout, a
 * deleted user) is told at once, not at its next call. Events go through the database (`Db.notify`): on
 * PostgreSQL every server process hears them (LISTEN/NOTIFY) and delivers to the streams it holds; on PGlite,
 * which has one process, they stay in-process.
 */
export class SessionEvents {
  private readonly subscribers = new Set<{ who: Subscriber; fn: Listener }>();
  private started: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Starts listening; resolves once this process hears events from every process. */
  start(): Promise<void> {
    this.started ??= this.db.listen(CHANNEL, this.heard).catch((err: unknown) => {
      // Not listening (the database is away): the next start or publish tries again.
      this.started = undefined;
      throw err;
    });
    return this.started;
  }

  /** The session streams this process holds open. */
  get streams(): number {
    return this.subscribers.size;
  }

  subscribe(who: Subscriber, fn: Listener): () => void {
    const entry = { who, fn };
    this.subscribers.add(entry);
    return () => void this.subscribers.delete(entry);
  }

  /** Tells every stream this process holds that the server is stopping; each ends (the browser reconnects). */
  closeStreams(): void {
    for (const { fn } of [...this.subscribers]) fn('closing');
  }

  /** Ends every live session of a user (deleted, disabled, password reset) and tells their open browsers at once. */
  async endUserSessions(userId: number, why = ''): Promise<void> {
    await recordSessionsEnded(this.db, { userId }, why);
    await this.db.query('UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
    await this.publish({ userId }, 'revoked');
  }

  /**
   * Sends an event to its audience's streams, in every server process. A change of permissions first clears the
   * permissions its audience's sessions stored (initUserPermission), so their next menu tree is computed afresh.
   */
  async publish(to: Audience, event: string, data?: EventData): Promise<void> {
    if (event === 'permissions') {
      const [column, id] = 'sessionId' in to ? ['id', to.sessionId] : 'userId' in to ? ['user_id', to.userId] : ['tenant_id', to.tenantId];
      await this.db.query(`UPDATE user_session SET permissions = NULL WHERE ${column} = $1 AND permissions IS NOT NULL`, [id]);
    }
    await this.start();
    await this.db.notify(CHANNEL, JSON.stringify({ to, event, ...(data ? { data } : {}) }));
  }

  /** One handler for the life of the hub: listening again after a failed start does not deliver twice. */
  private readonly heard = (payload: string) => {
    try {
      const { to, event, data } = JSON.parse(payload) as { to: Audience; event: string; data?: EventData };
      this.deliver(to, event, data);
    } catch {
      log.error({ payload }, 'bad session event payload');
    }
  };

  private deliver(to: Audience, event: string, data?: EventData) {
    for (const { who, fn } of this.subscribers) {
      const match =
        'sessionId' in to ? who.sessionId === to.sessionId : 'userId' in to ? who.userId === to.userId : who.tenantId === to.tenantId;
      if (match) fn(event, data);
    }
  }
}
