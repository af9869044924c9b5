import type { Call } from './define.ts';
import { departApi, staffApi } from './base-info.ts';
import { campaignApi, pageApi } from './content.ts';
import { statisticsApi } from './statistics.ts';
import { logApi, onlineApi } from './logs.ts';
import { collectionApi, metaApi } from './meta.ts';
import { apiKeyApi, smsPlatformApi, taskApi, webhookApi } from './operations.ts';
import { fileApi } from './files.ts';
import { menuApi, tenantApi } from './platform.ts';
import { recordApi } from './records.ts';
import { roleApi } from './roles.ts';
import { passportApi, shellApi, smsApi, userCenterApi } from './session.ts';
import { userApi } from './users.ts';

/**
 * The call table: every call declared in src/api/table, by area. The server mounts each (server/infra/http/mount.ts),
 * the browser sends through it (`api.send`), and tests/repo/call-table.test.ts holds the two to it.
 */
export const CALL_TABLE = {
  shell: shellApi,
  passport: passportApi,
  sms: smsApi,
  userCenter: userCenterApi,
  users: userApi,
  roles: roleApi,
  departs: departApi,
  staff: staffApi,
  logs: logApi,
  online: onlineApi,
  tenants: tenantApi,
  menus: menuApi,
  meta: metaApi,
  collections: collectionApi,
  statistics: statisticsApi,
  pages: pageApi,
  campaigns: campaignApi,
  records: recordApi,
  smsPlatforms: smsPlatformApi,
  tasks: taskApi,
  apiKeys: apiKeyApi,
  webhooks: webhookApi,
  files: fileApi,
} as const;

/** Every declared call. */
export const declaredCalls = (): Call[] => Object.values(CALL_TABLE).flatMap((area) => Object.values(area) as Call[]);
