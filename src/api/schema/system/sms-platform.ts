import * as v from 'valibot';
import { body, flag, given, httpUrl, optionalRowId, part, phone, rowId, text } from '../kit.ts';
import { declareFields, declaredRules, textField } from '../resource.ts';
import { say } from '../messages.ts';

/** The purposes a platform has SMS templates for. */
export const SMS_PURPOSES = ['verify_code'] as const;

/**
 * An SMS platform's fields (系统管理 › 短信平台), declared once: the list's columns, the form and the save's rules. A
 * new platform needs its secret; an edit without one (or with the masked one it was shown) keeps the stored secret.
 */
export const SMS_PLATFORM_FIELDS = declareFields({
  name: textField({ label: 'platformName', required: 'smsPlatformName', max: [32, 'smsPlatformNameMax'], list: { width: 140 } }),
  endpoint: { kind: 'url', label: 'platformEndpoint', list: { width: 220 }, rule: httpUrl(300, 'smsPlatformEndpoint') },
  accessKey: textField({ label: 'accessKey', max: [128, 'smsPlatformAccessKeyMax'] }),
  signName: textField({ label: 'signName', required: 'smsPlatformSignName', max: [32, 'smsPlatformSignNameMax'], list: { width: 90 } }),
  secret: {
    kind: 'secret',
    label: 'secretKey',
    list: { width: 100 },
    rule: v.optional(v.pipe(v.string(say('smsPlatformSecret')), v.maxLength(256, say('smsPlatformSecretMax'))), ''),
  },
  active: { kind: 'flag', label: 'platformActive', list: { width: 80 }, rule: flag(), answer: v.boolean() },
  updatedAt: { kind: 'datetime', label: 'updatedAt', list: { width: 150, minutes: true }, detail: false },
});

/** /v1/smsPlatform/save: a tenant's SMS gateway, of the one type there is, with its verification-code template. */
export const smsPlatformSave = v.pipe(
  body({
    id: optionalRowId('smsPlatformId'),
    type: given(v.literal('http', say('smsPlatformType'))),
    ...declaredRules(SMS_PLATFORM_FIELDS),
    templates: given(part({ verify_code: text({ required: 'smsPlatformTemplate', max: [64, 'smsPlatformTemplateMax'] }) }), {}),
  }),
  // A partial check: it runs once id and secret are well-formed, whatever else is wrong (the form's required mark).
  v.forward(
    v.partialCheck([['id'], ['secret']], (p) => p.id !== null || p.secret !== '', say('smsPlatformSecret')),
    ['secret'],
  ),
);

/** What a save sends, and what the server stores from it. */
export type SmsPlatformSave = v.InferOutput<typeof smsPlatformSave>;

/** The form's fields for a body path: the one template the form edits. */
export const SMS_PLATFORM_FORM_FIELDS = { 'templates.verify_code': 'template' } as const;

/** /v1/smsPlatform/list: no parameters. */
export const smsPlatformList = body({});

/** /v1/smsPlatform/detail, /delete: one platform. */
export const smsPlatformId = body({ id: rowId('smsPlatformId') });

/** /v1/smsPlatform/test: a test SMS through one platform to a phone. */
export const smsPlatformTest = body({ id: rowId('smsPlatformId'), phone: phone() });
