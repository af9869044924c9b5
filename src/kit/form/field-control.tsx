import { Field, Input, Switch, Textarea } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useT } from '@/i18n/use-t.ts';
import type { FieldKind } from '@/api/schema/resource.ts';
import { CheckboxGroup } from './controls/checkbox-group.tsx';
import { ChoiceSelect, type Choice } from './controls/choice-select.tsx';
import { DayPicker } from './controls/day-picker.tsx';
import { ImageUpload } from './controls/image-upload.tsx';
import type { FormApi } from './use-form.ts';
import { ZonedDateTimeInput } from './controls/zoned-datetime-input.tsx';

/**
 * The kinds of value a form edits (a declared field's kind, src/api/schema/resource.ts), each with its one control:
 * the system pages' declared fields and the data dictionary's record fields render from this map alike (issue 44).
 */
export type ControlKind = FieldKind;

export interface ControlSpec {
  kind: ControlKind;
  /** a choice's options (their values as text) */
  options?: readonly Choice[];
  /** a choice's first, empty option (请选择 by default); null: none, a choice is always made */
  empty?: string | null;
  /** a choice's value as the form holds it, from the option's text (a department's id is a number) */
  fromChoice?: (value: string) => unknown;
  /** the longest text the control takes */
  maxLength?: number;
  /** the field's name, for a control that says it itself (an image's 上传) */
  label?: string;
}

export interface ControlProps extends ControlSpec {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled?: boolean;
}

/** The control a kind of value calls for, holding the form's value and telling it what the user did. */
export function FieldControl({
  kind,
  value,
  onChange,
  onBlur,
  disabled,
  options = [],
  empty,
  fromChoice,
  maxLength,
  label = '',
}: ControlProps) {
  const t = useT();
  const text = value === null || value === undefined ? '' : String(value);
  const typed = { value: text, disabled, onBlur, onChange: (_: unknown, d: { value: string }) => onChange(d.value) };
  switch (kind) {
    case 'choice':
      return (
        <ChoiceSelect
          value={text}
          disabled={disabled}
          empty={empty === null ? undefined : (empty ?? t('pleaseChoose'))}
          options={options}
          onChange={(v) => onChange(fromChoice ? fromChoice(v) : v)}
          onBlur={onBlur}
        />
      );
    case 'flag':
      return (
        <Switch
          checked={value === true}
          disabled={disabled}
          onChange={(_, d) => onChange(d.checked)}
          onBlur={onBlur}
          label={value === true ? t('yes') : t('no')}
        />
      );
    case 'date':
      return <DayPicker value={text} disabled={disabled} onChange={onChange} onBlur={onBlur} />;
    case 'datetime':
      return <ZonedDateTimeInput value={value} disabled={disabled} onChange={onChange} onBlur={onBlur} />;
    case 'number':
    case 'money':
      return <Input inputMode="decimal" {...typed} contentAfter={kind === 'money' ? t('moneyUnit') : undefined} />;
    case 'image':
      return <ImageUpload label={label} value={text} onChange={(url) => onChange(url)} onBlur={onBlur} preview />;
    case 'phone':
      return <Input inputMode="tel" maxLength={11} autoComplete="off" {...typed} />;
    case 'several':
      return (
        <CheckboxGroup
          label={label}
          options={options}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
        />
      );
    case 'url':
      return <Input type="url" inputMode="url" maxLength={maxLength} autoComplete="off" {...typed} />;
    case 'secret':
      return <Input type="password" maxLength={maxLength} autoComplete="new-password" {...typed} />;
    case 'multiline':
      return <Textarea resize="vertical" maxLength={maxLength} {...typed} />;
    case 'text':
      return <Input maxLength={maxLength} autoComplete="off" {...typed} />;
  }
}

/**
 * A field of a form in the kit's one shape: its label, required mark, hint, and its message once left (or the form
 * submitted, or the server named it), around the control its kind calls for, or around `children` for a control
 * of a page's own (a record picker).
 * @example <ControlField form={form} name="level" label={t('level')} kind="choice" options={LEVELS} />
 */
export function ControlField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  hint,
  disabled,
  children,
  ...spec
}: ControlSpec & {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  children?: ReactElement;
}) {
  // Several choices are a fieldset with its own legend and message: Fluent's Field would give every checkbox one id.
  if (spec.kind === 'several' && !children)
    return (
      <CheckboxGroup
        label={label}
        required={required ?? form.required?.(name)}
        options={spec.options ?? []}
        value={Array.isArray(form.values[name]) ? (form.values[name] as string[]) : []}
        onChange={(next) => form.set(name, next as V[typeof name])}
        onBlur={() => form.blur(name)}
        error={form.error(name)}
        disabled={disabled}
      />
    );
  return (
    <Field label={label} required={required ?? form.required?.(name)} hint={form.error(name) ? undefined : hint} {...form.field(name)}>
      {children ?? (
        <FieldControl
          {...spec}
          label={label}
          disabled={disabled}
          value={form.values[name]}
          onChange={(v) => form.set(name, v as V[typeof name])}
          onBlur={() => form.blur(name)}
        />
      )}
    </Field>
  );
}
