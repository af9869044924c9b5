import * as v from 'valibot';
import { body, optionalInstant, rowId } from '../kit.ts';
import { declareFields, declaredRules, servedIdsField, textField } from '../resource.ts';

/**
 * An API key's fields (开放平台 › API 密钥), declared once: the list's columns, the form and the save's rules. Its
 * interfaces are those the caller may call, as /v1/openApi/key/scopes offers them (the server checks again).
 */
export const API_KEY_FIELDS = declareFields({
  name: textField({ label: 'apiKeyName', required: 'nameRequired', max: [50, 'nameMax50'], list: { width: 140 } }),
  scopes: servedIdsField({ label: 'apiKeyScopes', required: 'apiKeyScopes', message: 'apiKeyScopesFormat', max: 500, list: { width: 80 } }),
  expiresAt: {
    kind: 'datetime',
    label: 'expiresAt',
    rule: optionalInstant('apiKeyExpiry', { later: true }),
    answer: v.nullable(v.string()),
    // the list says the minute, or 永不到期 (the page's own cell)
    list: { width: 140 },
  },
});

/** /v1/openApi/key/save: a new key, its interfaces and its expiry. */
export const apiKeySave = body(declaredRules(API_KEY_FIELDS));

/** /v1/openApi/key/list and /scopes: no parameters. */
export const apiKeyList = body({});

/** /v1/openApi/key/revoke and /logs: one key. */
export const apiKeyId = body({ id: rowId('apiKeyId') });
