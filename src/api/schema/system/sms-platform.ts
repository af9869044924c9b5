import * as v from 'valibot';
import { body, flag, given, isHttpUrl, optionalRowId, part, phone, rowId, text } from '../kit.ts';
import { say } from '../messages.ts';

/** The purposes a platform has SMS templates for. */
export const SMS_PURPOSES = ['verify_code'] as const;

/**
 * /v1/smsPlatform/save: a tenant's SMS gateway. A new platform needs its secret; an edit without one (or with the
 * masked one it was shown) keeps the stored secret.
 */
export const smsPlatformSave = v.pipe(
  body({
    id: optionalRowId('smsPlatformId'),
    name: text({ required: 'smsPlatformName', max: [32, 'smsPlatformNameMax'] }),
    type: given(v.literal('http', say('smsPlatformType'))),
    endpoint: given(
      v.pipe(
        v.string(say('smsPlatformEndpoint')),
        v.trim(),
        v.maxLength(300, say('smsPlatformEndpoint')),
        v.check(isHttpUrl, say('smsPlatformEndpoint')),
      ),
    ),
    accessKey: text({ max: [128, 'smsPlatformAccessKeyMax'] }),
    signName: text({ required: 'smsPlatformSignName', max: [32, 'smsPlatformSignNameMax'] }),
    templates: given(part({ verify_code: text({ required: 'smsPlatformTemplate', max: [64, 'smsPlatformTemplateMax'] }) }), {}),
    secret: v.optional(v.pipe(v.string(say('smsPlatformSecret')), v.maxLength(256, say('smsPlatformSecretMax'))), ''),
    active: flag(),
  }),
  // A partial check: it runs once id and secret are well-formed, whatever else is wrong (the form's required mark).
  v.forward(
    v.partialCheck([['id'], ['secret']], (p) => p.id !== null || p.secret !== '', say('smsPlatformSecret')),
    ['secret'],
  ),
);

export type SmsPlatformSave = v.InferInput<typeof smsPlatformSave>;

/** The form's fields for a body path: the one template the form edits. */
export const SMS_PLATFORM_FORM_FIELDS = { 'templates.verify_code': 'template' } as const;

/** /v1/smsPlatform/list: no parameters. */
export const smsPlatformList = body({});

/** /v1/smsPlatform/detail, /delete: one platform. */
export const smsPlatformId = body({ id: rowId('smsPlatformId') });

/** /v1/smsPlatform/test: a test SMS through one platform to a phone. */
export const smsPlatformTest = body({ id: rowId('smsPlatformId'), phone: phone() });
