/** the count shows only to userType 0, and not when the user has a storeId. */
export const showsOnlineCount = (u: { userType?: number; storeId?: number | null } | null | undefined) =>
  Boolean(u) && u!.userType === 0 && (u!.storeId === null || u!.storeId === undefined);

/** userType 2 or 0 may force a logout. */
export const mayForceLogout = (u: { userType?: number } | null | undefined) => u?.userType === 0 || u?.userType === 2;
