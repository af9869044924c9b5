import * as v from 'valibot';
import { body, flag, httpUrl, optionalRowId, rowId } from '../kit.ts';
import { declareFields, declaredRules, severalField, textField } from '../resource.ts';
import { say } from '../messages.ts';

/** The events a subscription may want (webhook.test is sent only by the test button). */
export const WEBHOOK_EVENTS = ['user.created', 'user.disabled', 'role.changed', 'login.failed', 'campaign.published'] as const;

/** A secret as sent back masked by the list (******abcd): the stored one stays. */
export const isMaskedSecret = (s: string) => s.startsWith('******');

/** An event's name in the console: a key of both catalogues. */
export const eventKey = (event: string) => `webhookEvent_${event.replace('.', '_')}`;

/**
 * A subscription's fields (开放平台 › 消息订阅), declared once: the list's columns, the form and the save's rules.
 * A new one needs its signing secret; an edit without one (or with the masked one it was shown) keeps the stored
 * secret. The server also refuses addresses on this machine or a private network (outbound.ts).
 */
export const WEBHOOK_FIELDS = declareFields({
  name: textField({ label: 'apiKeyName', required: 'nameRequired', max: [50, 'nameMax50'], list: { width: 130 } }),
  url: { kind: 'url', label: 'webhookUrl', list: { width: 220 }, rule: httpUrl(500, 'webhookUrl') },
  events: severalField({
    label: 'webhookEvents',
    choices: WEBHOOK_EVENTS.map((event) => [event, eventKey(event)] as const),
    required: 'webhookEvents',
    each: 'webhookEvent',
    list: { width: 180 },
  }),
  secret: {
    kind: 'secret',
    label: 'webhookSecret',
    rule: v.optional(
      v.pipe(
        v.string(say('webhookSecretLength')),
        v.check((s) => s === '' || isMaskedSecret(s) || (s.length >= 16 && s.length <= 128), say('webhookSecretLength')),
      ),
      '',
    ),
  },
  enabled: { kind: 'flag', label: 'taskEnabled', rule: flag(true), answer: v.boolean() },
});

/** /v1/openApi/webhook/save: a subscription, its secret required when it is new. */
export const webhookSave = v.pipe(
  body({ id: optionalRowId('webhookId'), ...declaredRules(WEBHOOK_FIELDS) }),
  // A partial check: it runs once id and secret are well-formed, whatever else is wrong (the form's required mark).
  v.forward(
    v.partialCheck([['id'], ['secret']], (w) => w.id !== null || (w.secret !== '' && !isMaskedSecret(w.secret)), say('webhookSecret')),
    ['secret'],
  ),
);

/** /v1/openApi/webhook/list: no parameters. */
export const webhookList = body({});

/** /v1/openApi/webhook/delete, /test, /deliveries: one subscription. */
export const webhookId = body({ id: rowId('webhookId') });
