import { Input, Switch, Textarea } from '@fluentui/react-components';
import { ControlField } from './field-control.tsx';
import type { FormApi } from './use-form.ts';

type Values = Record<string, unknown>;

interface FieldProps<V extends Values, K extends keyof V & string> {
  form: FormApi<V>;
  name: K;
  label: string;
  /** the required mark; by default the form's (a schema form knows it from its schema) */
  required?: boolean;
  /** under the field until a message takes its place */
  hint?: string;
  disabled?: boolean;
}

export interface TextFieldProps<V extends Values> extends FieldProps<V, keyof V & string> {
  type?: 'text' | 'password' | 'url' | 'number' | 'tel' | 'email';
  placeholder?: string;
  /** several lines */
  multiline?: boolean;
  /** spaces are dropped as typed (an identifier, a path) */
  trim?: boolean;
}

/**
 * A text field bound to a form: its value, its message once left (or the form submitted, or the server named
 * it), its required mark and hint. A password field never offers the browser's saved password.
 * @example <TextField form={form} name="name" label={t('platformName')} required />
 */
export function TextField<V extends Values>({ type = 'text', placeholder, multiline, trim, ...field }: TextFieldProps<V>) {
  const { form, name, disabled } = field;
  const input = {
    value: String(form.values[name] ?? ''),
    onChange: (_: unknown, d: { value: string }) => form.set(name, (trim ? d.value.trim() : d.value) as V[typeof name]),
    onBlur: () => form.blur(name),
    disabled,
    placeholder,
  };
  return (
    <ControlField {...field} kind="text">
      {multiline ? (
        <Textarea resize="vertical" {...input} />
      ) : (
        <Input type={type} autoComplete={type === 'password' ? 'new-password' : 'off'} {...input} />
      )}
    </ControlField>
  );
}

export interface SelectFieldProps<V extends Values> extends FieldProps<V, keyof V & string> {
  options: ReadonlyArray<{ value: string; label: string }>;
  /** a first, empty option (请选择…): nothing is chosen until the user chooses */
  placeholder?: string;
}

/** A choice among a few options, bound to a form. */
export function SelectField<V extends Values>({ placeholder, ...field }: SelectFieldProps<V>) {
  return <ControlField {...field} kind="choice" empty={placeholder ?? null} />;
}

/** An on/off value of a form. */
export function SwitchField<V extends Values>({ form, name, label, disabled }: Omit<FieldProps<V, keyof V & string>, 'required' | 'hint'>) {
  return (
    <Switch
      checked={form.values[name] === true}
      label={label}
      disabled={disabled}
      onChange={(_, d) => form.set(name, d.checked as V[typeof name])}
    />
  );
}
