/**
 * Pushes to the browsers of one session (Server-Sent Events), so that a session ended elsewhere (force logout)
 * is told at once, not at its next call. In-process: with several server processes behind a load balancer, the
 * kicked browser learns at its next call instead (its token is revoked in the shared database either way).
 */
export class SessionEvents {
  private listeners = new Map<string, Set<(event: string) => void>>();

  subscribe(sessionHash: string, fn: (event: string) => void): () => void {
    let set = this.listeners.get(sessionHash);
    if (!set) this.listeners.set(sessionHash, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(sessionHash);
    };
  }

  publish(sessionHash: string, event: string): number {
    const set = this.listeners.get(sessionHash);
    for (const fn of set ?? []) fn(event);
    return set?.size ?? 0;
  }
}
