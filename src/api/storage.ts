/** Local-storage keys of the session. The access token's key is the product's: 'AccessToken'. */
export const STORAGE_KEYS = {
  userToken: 'UserToken',
  accessToken: 'AccessToken',
  /** epoch ms after which the stored access token is no longer accepted */
  accessTokenDeadline: 'AccessTokenDeadline',
  language: 'language',
  /** 'light' or 'dark' once the user chose; absent: the system's preference */
  theme: 'theme',
  sidebarCollapsed: 'sidebarCollapsed',
  paletteRecent: 'paletteRecent',
  /** the account name the login form starts with (remembered after a bind-phone account switch) */
  rememberedAccount: 'rememberedAccount',
  /** the pages the content area keeps alive (keep-alive survives a reload) */
  keepAlivePages: 'keepAlivePages',
  /** the tab bar's open pages (survive a reload) */
  openTabs: 'openTabs',
  /** how many tabs the bar holds before it asks which to close (the user's setting) */
  tabsLimit: 'tabsLimit',
  /** the id of the tenant last signed in on this browser (the public pages' tenant when no link names one) */
  lastTenant: 'lastTenant',
} as const;

/**
 * The stored access token while its deadline has not passed, else null: a token past its deadline is not sent (the
 * server would refuse the call with accessToken失效, and a tab opened after it would fail its boot). One with no
 * deadline stored (a backend that gives none) is sent until the server refuses it.
 */
export function liveAccessToken(store: KeyValueStore, now = Date.now()): string | null {
  const token = store.getItem(STORAGE_KEYS.accessToken);
  const deadline = store.getItem(STORAGE_KEYS.accessTokenDeadline);
  return token && (deadline === null || Number(deadline) > now) ? token : null;
}

/** The part of Storage the client needs; tests pass a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** A value from the browser's local storage, or null where there is none or storage is blocked. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
