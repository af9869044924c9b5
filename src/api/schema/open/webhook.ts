import * as v from 'valibot';
import { body, flag, given, isHttpUrl, optionalRowId, rowId, text } from '../kit.ts';
import { say } from '../messages.ts';

/** The events a subscription may want (webhook.test is sent only by the test button). */
export const WEBHOOK_EVENTS = ['user.created', 'user.disabled', 'role.changed', 'login.failed', 'campaign.published'] as const;

/** A secret as sent back masked by the list (******abcd): the stored one stays. */
export const isMaskedSecret = (s: string) => s.startsWith('******');

/**
 * /v1/openApi/webhook/save: a subscription. A new one needs its signing secret; an edit without one (or with the
 * masked one it was shown) keeps the stored secret. The server also refuses addresses on this machine or a private
 * network (outbound.ts).
 */
export const webhookSave = v.pipe(
  body({
    id: optionalRowId('webhookId'),
    name: text({ required: 'nameRequired', max: [50, 'nameMax50'] }),
    url: given(v.pipe(v.string(say('webhookUrl')), v.trim(), v.maxLength(500, say('webhookUrl')), v.check(isHttpUrl, say('webhookUrl')))),
    events: given(
      v.pipe(
        v.array(v.picklist(WEBHOOK_EVENTS, say('webhookEvent')), say('webhookEvents')),
        v.minLength(1, say('webhookEvents')),
        v.transform((events) => [...new Set(events)]),
      ),
      [],
    ),
    secret: v.optional(
      v.pipe(
        v.string(say('webhookSecretLength')),
        v.check((s) => s === '' || isMaskedSecret(s) || (s.length >= 16 && s.length <= 128), say('webhookSecretLength')),
      ),
      '',
    ),
    enabled: flag(true),
  }),
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
