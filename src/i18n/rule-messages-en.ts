import type { RuleKey } from '../api/schema/messages.ts';

/** The English of the resource schemas' messages (src/api/schema/messages.ts), key for key. */
export const RULE_MESSAGES_EN: Readonly<Record<RuleKey, string>> = {
  bodyNotObject: 'The request body must be a JSON object',
  unknownField: 'The request has an unknown field {name}; remove it and try again',
  missingField: 'The request lacks the field {name}',
  wrongType: '{name} has the wrong type',
  phoneFormat: 'Enter a valid phone number',
  pageNum: 'The page number is a whole number from 1 to {max}',
  pageSize: 'The page size is a whole number from 1 to {max}',

  apiKeyId: 'No such API key, or it is revoked',
  apiKeyName: 'The name is required',
  apiKeyNameMax: 'The name is at most 50 characters',
  apiKeyScopes: 'Choose at least one interface',
  apiKeyScopesFormat: 'The interface list is malformed',
  apiKeyScopesOwn: 'Choose only interfaces you may call yourself',
  apiKeyExpiry: 'The expiry must be later than now',

  collectionId: 'No such collection',
  collectionName: 'The collection name is required',
  collectionNameRule: 'The collection name is 2-64 letters, digits, underscores, dots or hyphens, starting with a letter',
  collectionFileId: 'No such file',
  remarkMax: 'The remark is at most 200 characters',

  taskId: 'No such task',
  taskName: 'The task name is required',
  taskNameMax: 'The task name is at most 50 characters',
  taskJob: 'Choose a job',
  taskCron: 'The cron is required',
  taskTimeout: 'The timeout is a whole number of seconds from 1 to 86400',
  taskTenantId: 'Give the tenant id',
  wrongOutcome: 'The outcome filter is wrong',

  smsPlatformId: 'No such SMS platform',
  smsPlatformName: 'The name is required',
  smsPlatformNameMax: 'The name is at most 32 characters',
  smsPlatformType: 'Choose the platform type',
  smsPlatformEndpoint: 'The endpoint is an http(s) address',
  smsPlatformAccessKeyMax: 'The AccessKey is at most 128 characters',
  smsPlatformSecret: 'The secret is required',
  smsPlatformSecretMax: 'The secret is too long',
  smsPlatformSignName: 'The signature is required',
  smsPlatformSignNameMax: 'The signature is at most 32 characters',
  smsPlatformTemplate: 'Give the verification template id',
  smsPlatformTemplateMax: 'The template id is at most 64 characters',
};
