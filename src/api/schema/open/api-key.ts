import { body, idList, optionalInstant, rowId, text } from '../kit.ts';

/** /v1/openApi/key/save: a new key, its interfaces (those the caller may call; the server checks) and its expiry. */
export const apiKeySave = body({
  name: text({ required: 'nameRequired', max: [50, 'nameMax50'] }),
  scopes: idList({ message: 'apiKeyScopesFormat', max: 500, required: 'apiKeyScopes' }),
  expiresAt: optionalInstant('apiKeyExpiry', { later: true }),
});

/** /v1/openApi/key/list and /scopes: no parameters. */
export const apiKeyList = body({});

/** /v1/openApi/key/revoke and /logs: one key. */
export const apiKeyId = body({ id: rowId('apiKeyId') });
