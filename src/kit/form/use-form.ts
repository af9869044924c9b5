import { useCallback, useMemo, useRef, useState } from 'react';
import type * as v from 'valibot';
import { ApiFailure } from '@/api/errors.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { useLocalize } from '@/i18n/use-t.ts';
import { afterPointer } from './after-pointer.ts';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormApi<V extends Record<string, unknown>> {
  values: V;
  set: <F extends keyof V & string>(field: F, value: V[F]) => void;
  /** the message to show under a field: its rule once the field was left or the form submitted, or the server's */
  error: (field: keyof V & string) => string | undefined;
  /** props for a Fluent Field: validationState and validationMessage */
  field: (field: keyof V & string) => { validationState?: 'error'; validationMessage?: string };
  blur: (field: keyof V & string) => void;
  dirty: boolean;
  saving: boolean;
  /** validates everything; if clean runs `save`, and a refusal naming a field lands under that field */
  submit: (save: (values: V) => Promise<void>) => Promise<boolean>;
  reset: (values: V) => void;
  /** whether a field must be filled in (its required mark); a schema form knows it from its schema */
  required?: (field: keyof V & string) => boolean;
}

/**
 * The kit's form state: values, the shared field rules checked on blur and on submit, the server's refusal on
 * the field it names, whether anything changed, and a saving flag (submit is disabled meanwhile, so a double
 * click saves once).
 * @example const form = useForm(initial, (v) => fieldProblems(userForm(true), v));
 */
export function useForm<V extends Record<string, unknown>>(initial: V, validate: (values: V) => FieldErrors<V>): FormApi<V> {
  const [start, setStart] = useState(initial);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors<V>>({});
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const rules = useMemo(() => validate(values), [validate, values]);

  const set = useCallback(<F extends keyof V & string>(field: F, value: V[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((e) => ({ ...e, [field]: undefined }));
  }, []);
  const localize = useLocalize();
  const error = (field: keyof V & string) => {
    const message = server[field] ?? (touched[field] || submitted ? rules[field] : undefined);
    return message && localize(message);
  };

  const submit = async (save: (values: V) => Promise<void>) => {
    setSubmitted(true);
    if (inFlight.current || Object.values(rules).some(Boolean)) return false;
    inFlight.current = true;
    setSaving(true);
    try {
      await save(values);
      setStart(values);
      return true;
    } catch (err) {
      const named = err instanceof ApiFailure ? err.failure.field : undefined;
      if (named && Object.hasOwn(values, named))
        setServer((e) => ({ ...e, [named]: err instanceof ApiFailure ? err.failure.message : '' }));
      return false;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return {
    values,
    set,
    error,
    field: (f) => {
      const message = error(f);
      return message ? { validationState: 'error', validationMessage: message } : {};
    },
    // shown once the click that left the field has landed (after-pointer.ts)
    blur: (f) => afterPointer(() => setTouched((t) => ({ ...t, [f]: true }))),
    dirty: JSON.stringify(values) !== JSON.stringify(start),
    saving,
    submit,
    reset: (v) => {
      setStart(v);
      setValues(v);
      setTouched({});
      setSubmitted(false);
      setServer({});
    },
  };
}

/** The values with every text emptied and every list cleared: what a blank form would send. */
const blank = <V extends Record<string, unknown>>(values: V): V =>
  Object.fromEntries(Object.entries(values).map(([k, x]) => [k, typeof x === 'string' ? '' : Array.isArray(x) ? [] : x])) as V;

/**
 * A form whose rules are a resource schema, the one the server checks the call with: the body `bodyOf` would send
 * is checked as the user types, each problem shown under the field `renames` maps its path to (the field of the
 * same name by default). A field is marked required when the schema refuses it blank, so the mark and the rule
 * cannot disagree.
 * @example const form = useSchemaForm(initial, webhookSave, (v) => bodyOf(row, v));
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  initial: V,
  schema: v.GenericSchema,
  bodyOf: (values: V) => unknown = (values) => values,
  renames: Readonly<Record<string, string>> = {},
): FormApi<V> {
  // The latest bodyOf (a closure over the row being edited) without re-creating the rules on every render.
  const latest = useRef(bodyOf);
  latest.current = bodyOf;
  const validate = useCallback((values: V) => fieldProblems(schema, latest.current(values), renames) as FieldErrors<V>, [schema]);
  const required = useMemo(() => new Set(Object.keys(validate(blank(initial)))), [validate]);
  const form = useForm(initial, validate);
  return { ...form, required: (field) => required.has(field) };
}
