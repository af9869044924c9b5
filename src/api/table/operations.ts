import * as v from 'valibot';
import { answers, defineCall, id, instant, byPage } from './define.ts';
import { SMS_PLATFORM_FIELDS, smsPlatformId, smsPlatformList, smsPlatformSave, smsPlatformTest } from '../schema/system/sms-platform.ts';
import { cronPreview, taskId, taskList, taskRuns, taskSave } from '../schema/system/task.ts';
import { API_KEY_FIELDS, apiKeyId, apiKeyList, apiKeySave } from '../schema/open/api-key.ts';
import { WEBHOOK_FIELDS, webhookId, webhookList, webhookSave } from '../schema/open/webhook.ts';
import { declaredRow } from '../schema/resource.ts';

const saved = answers.saved();

/** An SMS platform as answered: its secret only masked (******1234). */
export const smsPlatform = declaredRow(SMS_PLATFORM_FIELDS, {
  type: v.literal('http'),
  hasSecret: v.boolean(),
  templates: v.record(v.string(), v.string()),
  updatedAt: instant(),
});
export type SmsPlatform = v.InferOutput<typeof smsPlatform>;

const smsPage = byPage('manage/sms-platform');

/** 系统管理 › 短信平台, and a test SMS through one. */
export const smsPlatformApi = {
  list: defineCall({ path: '/v1/smsPlatform/list', owner: smsPage, input: smsPlatformList, answer: answers.rows(smsPlatform) }),
  detail: defineCall({ path: '/v1/smsPlatform/detail', owner: smsPage, input: smsPlatformId, answer: answers.values(smsPlatform) }),
  save: defineCall({ path: '/v1/smsPlatform/save', owner: smsPage, input: smsPlatformSave, answer: saved }),
  remove: defineCall({ path: '/v1/smsPlatform/delete', owner: smsPage, input: smsPlatformId, answer: answers.done() }),
  test: defineCall({ path: '/v1/smsPlatform/test', owner: smsPage, input: smsPlatformTest, answer: answers.done() }),
};

/** A scheduled task with its next and last runs. */
export const taskRow = v.object({
  id: id(),
  name: v.string(),
  job: v.string(),
  jobLabel: v.string(),
  cron: v.string(),
  enabled: v.boolean(),
  timeoutSeconds: v.number(),
  nextRun: v.nullable(instant()),
  locked: v.boolean(),
  lockedBy: v.string(),
  lockedUntil: v.nullable(instant()),
  lastOutcome: v.nullable(v.string()),
  lastStartedAt: v.nullable(instant()),
  lastMessage: v.nullable(v.string()),
  params: v.record(v.string(), v.unknown()),
});
export type TaskRow = v.InferOutput<typeof taskRow>;

/** One run of a scheduled task (its log). */
export const taskRun = v.object({
  id: v.string(),
  taskId: id(),
  taskName: v.string(),
  trigger: v.picklist(['schedule', 'manual', 'unlock']),
  outcome: v.picklist(['running', 'success', 'failure', 'timeout', 'skipped', 'unlocked']),
  message: v.string(),
  process: v.string(),
  byUserName: v.string(),
  scheduledAt: instant(),
  startedAt: instant(),
  finishedAt: v.nullable(instant()),
  durationMs: v.nullable(v.number()),
});
export type TaskRun = v.InferOutput<typeof taskRun>;

const tasksPage = { pages: ['manage/tasks'], platform: true as const };

/** 平台管理 › 定时任务 (SPEC 7 sysTask). */
export const taskApi = {
  list: defineCall({
    path: '/v1/sysTask/selSysTaskList',
    owner: tasksPage,
    input: taskList,
    answer: answers.values(
      v.object({
        tasks: v.array(taskRow),
        jobs: v.array(v.object({ job: v.string(), label: v.string(), params: v.boolean() })),
        timeZone: v.string(),
      }),
    ),
  }),
  /** the next runs of a cron before saving; the form shows a refusal under the cron field */
  preview: defineCall({ path: '/v1/sysTask/cronPreview', owner: tasksPage, input: cronPreview, answer: answers.rows(instant()) }),
  save: defineCall({
    path: '/v1/sysTask/addSysTask',
    owner: tasksPage,
    input: taskSave,
    answer: answers.values(v.object({ id: id(), next: v.array(instant()) })),
  }),
  runs: defineCall({ path: '/v1/sysTask/selSysTaskLogList', owner: tasksPage, input: taskRuns, answer: answers.page(taskRun) }),
  unlock: defineCall({ path: '/v1/sysTask/delTaskLock', owner: tasksPage, input: taskId, answer: answers.done() }),
  run: defineCall({
    path: '/v1/sysTask/run',
    owner: tasksPage,
    input: taskId,
    answer: answers.values(v.object({ logId: v.union([v.string(), v.number()]) })),
  }),
};

/** An API key (only its prefix is kept readable) and its use. */
export const apiKeyRow = declaredRow(API_KEY_FIELDS, {
  prefix: v.string(),
  createdBy: v.string(),
  createdAt: instant(),
  revokedAt: v.nullable(instant()),
  lastUsedAt: v.nullable(instant()),
  calls24h: v.number(),
});
export type ApiKeyRow = v.InferOutput<typeof apiKeyRow>;
export const apiKeyScope = v.object({ id: id(), method: v.string(), path: v.string(), name: v.string() });
export type ApiKeyScope = v.InferOutput<typeof apiKeyScope>;
export const apiKeyCall = v.object({
  id: v.string(),
  method: v.string(),
  path: v.string(),
  outcome: v.string(),
  ip: v.string(),
  createdAt: instant(),
});
export type ApiKeyCall = v.InferOutput<typeof apiKeyCall>;

const keysPage = byPage('open-platform/api-key');

/** 开放平台 › API 密钥. */
export const apiKeyApi = {
  /** the interfaces the caller may give a key */
  scopes: defineCall({ path: '/v1/openApi/key/scopes', owner: keysPage, input: apiKeyList, answer: answers.rows(apiKeyScope) }),
  list: defineCall({ path: '/v1/openApi/key/list', owner: keysPage, input: apiKeyList, answer: answers.rows(apiKeyRow) }),
  /** the whole key, shown once */
  create: defineCall({
    path: '/v1/openApi/key/save',
    owner: keysPage,
    input: apiKeySave,
    answer: answers.values(v.object({ id: id(), prefix: v.string(), key: v.string() })),
  }),
  revoke: defineCall({ path: '/v1/openApi/key/revoke', owner: keysPage, input: apiKeyId, answer: answers.done() }),
  logs: defineCall({ path: '/v1/openApi/key/logs', owner: keysPage, input: apiKeyId, answer: answers.rows(apiKeyCall) }),
};

/** A subscription (its secret masked) and its deliveries. */
export const webhookRow = declaredRow(WEBHOOK_FIELDS, {
  failed: v.number(),
  pending: v.number(),
  createdAt: instant(),
});
export type Webhook = v.InferOutput<typeof webhookRow>;
export const delivery = v.object({
  id: v.string(),
  event: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  lastStatus: v.nullable(v.number()),
  lastError: v.string(),
  createdAt: instant(),
  deliveredAt: v.nullable(instant()),
  nextAttemptAt: instant(),
});
export type Delivery = v.InferOutput<typeof delivery>;

const hooksPage = byPage('open-platform/subscription');

/** 开放平台 › 消息订阅. */
export const webhookApi = {
  list: defineCall({
    path: '/v1/openApi/webhook/list',
    owner: hooksPage,
    input: webhookList,
    answer: answers.values(v.object({ webhooks: v.array(webhookRow), events: v.array(v.string()) })),
  }),
  save: defineCall({ path: '/v1/openApi/webhook/save', owner: hooksPage, input: webhookSave, answer: saved }),
  remove: defineCall({ path: '/v1/openApi/webhook/delete', owner: hooksPage, input: webhookId, answer: answers.done() }),
  /** a test event delivered at once: how it went */
  test: defineCall({
    path: '/v1/openApi/webhook/test',
    owner: hooksPage,
    input: webhookId,
    answer: answers.values(
      v.object({ deliveryId: v.string(), status: v.string(), lastStatus: v.nullable(v.number()), lastError: v.string() }),
    ),
  }),
  deliveries: defineCall({ path: '/v1/openApi/webhook/deliveries', owner: hooksPage, input: webhookId, answer: answers.rows(delivery) }),
};
