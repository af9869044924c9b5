import type { Context } from 'hono';
import { issueField } from '../../src/api/schema/kit.ts';
import { ApiError, readBody, refuse } from './http.ts';

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
export async function readValid<Output>(c: Context, schema: StandardSchemaV1<Output>): Promise<Output> {
  return checkWith(schema, await readBody(c));
}

/** A value checked by a schema (a body already read, against a second, stricter schema): its output, or refused. */
export async function checkWith<Output>(schema: StandardSchemaV1<Output>, input: unknown): Promise<Output> {
  let result = schema['~standard'].validate(input);
  if (result instanceof Promise) result = await result;
  if (!result.issues) return result.value;
  const [issue] = result.issues;
  const field = issueField(issue);
  throw field ? refuse(field, issue.message) : new ApiError(issue.message);
}
