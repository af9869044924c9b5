import * as v from 'valibot';
import { body, given, optionalRowId, rowId, text } from '../kit.ts';
import { say } from '../messages.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** An interface path: one leading /, no scheme, no query or fragment, no spaces or backslashes. */
export const isInterfacePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !/[\s?#\\]|:\/\//.test(path);

const fields = {
  id: optionalRowId('interfaceId'),
  name: text({ max: [64, 'nameMax64'] }),
  method: v.optional(v.pipe(v.string(say('interfaceMethod')), v.toUpperCase(), v.picklist(HTTP_METHODS, say('interfaceMethod'))), 'POST'),
  path: text({ max: [200, 'interfacePath'] }),
};

/** /vue/interface/save of a server interface: only its name changes (the server writes its own routes at start). */
export const interfaceSave = body(fields);

/** /vue/interface/save of an external backend's interface: its method and path too. */
export const externalInterfaceSave = body({
  ...fields,
  path: given(
    v.pipe(
      v.string(say('interfacePathRequired')),
      v.trim(),
      v.nonEmpty(say('interfacePathRequired')),
      v.maxLength(200, say('interfacePath')),
      v.check(isInterfacePath, say('interfacePath')),
    ),
  ),
});

/** /vue/interface/del: one interface. */
export const interfaceId = body({ id: rowId('interfaceId') });
