import * as v from 'valibot';
import { body, flag, optionalRowId, page, part, phone, rowId, text, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';

/** The test SMS job's parameters: a tenant (the server checks that it exists) and the phone to send to. */
export const smsTestParams = part({ tenantId: rowId('taskTenantId'), phone: phone() });

/**
 * /v1/sysTask/addSysTask: a task made or edited. The job is one the server registered (it checks that), with the
 * job's own parameters (smsTestParams for the test SMS job); the cron is parsed by the server (croner).
 */
export const taskSave = body({
  id: optionalRowId('taskId'),
  name: text({ required: 'taskName', max: [50, 'taskNameMax'] }),
  job: text({ required: 'taskJob', max: [64, 'taskJob'] }),
  cron: text({ required: 'taskCron', max: [200, 'taskCron'] }),
  enabled: flag(true),
  timeoutSeconds: v.optional(wholeNumber(1, 86400, say('taskTimeout'), 6), 300),
  params: v.optional(v.record(v.string(), v.unknown(), say('wrongType', { name: 'params' })), {}),
});

/** /v1/sysTask/cronPreview: the next runs of a cron as it is typed. */
export const cronPreview = body({ cron: text({ required: 'taskCron', max: [200, 'taskCron'] }) });

/** /v1/sysTask/selSysTaskList: no parameters. */
export const taskList = body({});

/** /v1/sysTask/delTaskLock and /run: one task. */
export const taskId = body({ id: rowId('taskId') });

/** /v1/sysTask/selSysTaskLogList: a page of runs, of one task or all, of one outcome or all. */
export const taskRuns = body({
  ...page(),
  taskId: optionalRowId('taskId'),
  outcome: text({ max: [20, 'wrongOutcome'] }),
});
