import { onlineApi } from './table/logs.ts';
import { BASE_URL } from './client.ts';
import { STORAGE_KEYS, type KeyValueStore } from './storage.ts';

export interface SessionEventsOptions {
  store: KeyValueStore;
  baseURL?: string;
  /** an event the server pushed: 'revoked' when the session was ended elsewhere */
  onEvent: (event: string, data: unknown) => void;
  fetch?: typeof globalThis.fetch;
  /** wait before reconnecting after the stream dropped */
  retryMs?: number;
}

/**
 * Reads the session's Server-Sent Events stream with fetch (so the UserToken travels in a header, never in a URL
 * as EventSource would need), reconnecting after a drop, an unreachable server or a server error (its database away)
 * until stopped; an answer that ends the session (JSON, no stream) ends it too.
 * @example const stop = subscribeSessionEvents({ store: localStorage, onEvent: (e) => e === 'revoked' && endSession() });
 */
export function subscribeSessionEvents(options: SessionEventsOptions): () => void {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let stopped = false;
  const run = async () => {
    while (!stopped) {
      try {
        const token = options.store.getItem(STORAGE_KEYS.userToken);
        if (!token) return;
        const res = await doFetch(`${options.baseURL ?? BASE_URL}${onlineApi.events.path}`, {
          headers: { UserToken: token, Accept: 'text/event-stream' },
          credentials: 'include',
          signal: controller.signal,
        });
        // The server or its database is away for a moment (HTTP 503, 502...): try again after the wait.
        if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
        if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
          // An ended session answers JSON (401), which the next ordinary call reports; no stream to read.
          return;
        }
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const raw = /^data: (.*)$/m.exec(block)?.[1];
            let data: unknown = null;
            try {
              data = raw ? JSON.parse(raw) : null;
            } catch {
              data = raw;
            }
            options.onEvent(event, data);
          }
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((r) => setTimeout(r, options.retryMs ?? 5000));
    }
  };
  void run();
  return () => {
    stopped = true;
    controller.abort();
  };
}
