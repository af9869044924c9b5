/** The user-info fields publisher type is derived from. */
export interface PublisherFields {
  storeId?: number | string | null;
  mallId?: number | string | null;
  defaultMallId?: number | string | null;
}

export type PublisherType = 0 | 1 | 2;

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * 1 when storeId exists; 2 when mallId exists, differs from defaultMallId and there is no storeId;
 * otherwise 0.
 * @example publisherType({ storeId: 101 }) // 1
 */
export function publisherType(u: PublisherFields | null | undefined): PublisherType {
  if (!u) return 0;
  if (present(u.storeId)) return 1;
  if (present(u.mallId) && String(u.mallId) !== String(u.defaultMallId ?? '')) return 2;
  return 0;
}
