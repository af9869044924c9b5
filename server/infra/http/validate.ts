import type { Context, MiddlewareHandler } from 'hono';
import { issueField } from '@/api/schema/kit.ts';
import { ApiError, hasNul, NUL_MESSAGE, readBody, refuse } from './http.ts';

/** The Standard Schema interface (standardschema.dev), the part this file uses: valibot, zod and others implement it. */
export interface StandardSchemaV1<Output = unknown> {
  readonly '~standard': {
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}
type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
      }>;
    };

/**
 * A call's body, read (readBody: JSON, size, depth, NUL) and validated by its resource schema (src/api/schema), the
 * same schema the form checks with: the schema's output, or the first problem refused under the field it names.
 * Any Standard Schema serves; ours are valibot's.
 */
async function readValid<Output>(c: Context, schema: StandardSchemaV1<Output>): Promise<Output> {
  return checkWith(schema, await readBody(c));
}

/** A value checked by a schema (a body already read, against a second, stricter schema): its output, or refused. */
export async function checkWith<Output>(schema: StandardSchemaV1<Output>, input: unknown): Promise<Output> {
  let result = schema['~standard'].validate(input);
  if (result instanceof Promise) result = await result;
  if (!result.issues) return result.value;
  // The body's shape before its content: a key the call does not take is named first, whatever else is wrong.
  const issue = result.issues.find((i) => (i as { expected?: unknown }).expected === 'never') ?? result.issues[0];
  const field = issueField(issue);
  throw field ? refuse(field, issue.message) : new ApiError(issue.message);
}

/** The output a schema gives for a valid input. */
export type Valid<S> = S extends StandardSchemaV1<infer Output> ? Output : never;

const BODY_SCHEMA = Symbol('body schema');

/**
 * A route's body, declared beside its owner: `app.post(path, owns({...}), takes(schema), (c) => c.var.body)`. The
 * middleware reads the body (readBody: JSON, size, depth, NUL; or an upload's form fields) and validates it by the resource schema the form
 * also checks with, after the access chain has let the call in; the handler gets the schema's output. The call
 * table reads the schemas from the mounted routes, so a test can find any route that takes its body unchecked.
 */
export function takes<S extends StandardSchemaV1>(schema: S): MiddlewareHandler<{ Variables: { body: Valid<S> } }> {
  const validated: MiddlewareHandler<{ Variables: { body: Valid<S> } }> = async (c, next) => {
    // An upload's form (its fields as text, its file as a File) is checked like a JSON body.
    const form = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    c.set('body', (form ? await checkWith(schema, await readForm(c)) : await readValid(c, schema)) as Valid<S>);
    await next();
  };
  return Object.assign(validated, { [BODY_SCHEMA]: schema });
}

/** An upload's form: its fields (text, repeated ones as lists) and files; a NUL in any text is refused. */
async function readForm(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw new ApiError('请求体不是有效的 multipart 表单');
  });
  if (
    hasNul(
      Object.values(form)
        .flat()
        .filter((x) => typeof x === 'string'),
    )
  )
    throw new ApiError(NUL_MESSAGE);
  return { ...form };
}

/** The body schema a route's handler declares with `takes`, if it is one. */
export const declaredSchema = (handler: unknown): StandardSchemaV1 | undefined =>
  (handler as { [BODY_SCHEMA]?: StandardSchemaV1 } | null)?.[BODY_SCHEMA];
