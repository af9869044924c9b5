import { PRIVACY_ON, type SessionInfo } from './auth.ts';
import type { Db } from '../infra/db/db.ts';
import { grants } from './relations.ts';
import { oncePerRequest } from './request-access.ts';
import { maskPhone, UNMASK_BUTTON } from '@/api/contract/users.ts';

/** The tenant's privacy switch (/v1/systemSetting/getIsPrivacy). */
export async function privacyOn(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await db.query<{ privacy: boolean }>(`SELECT ${PRIVACY_ON('$1')} AS privacy`, [tenantId]);
  return row?.privacy === true;
}

/**
 * How this caller sees phone numbers: masked (138****0001) while the tenant's privacy switch is on, unless the
 * caller's roles grant the unmask button. Lists, details, exports and the online drawer all go through it; read once
 * a request (request-access.ts).
 */
export function phoneView(db: Db, s: SessionInfo): Promise<(phone: string) => string> {
  return oncePerRequest(s, 'phoneView', async () =>
    !s.privacyOn || (await grants(db, s, { buttons: [UNMASK_BUTTON] })) ? (p: string) => p : maskPhone,
  );
}

/** A phone sent back as the caller saw it masked means "unchanged": the stored number stays. */
export const isMaskedOf = (sent: string, stored: string) => sent !== stored && sent.includes('*') && maskPhone(stored) === sent;
