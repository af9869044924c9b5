import { Field, Input } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/kit/form/use-debounced-value.ts';
import type { FormApi } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

/** The users form's values as typed (the declared fields, USER_FIELDS, as text too). */
export interface UserFormValues extends Record<string, unknown> {
  userName: string;
  password: string;
  nickname: string;
  phone: string;
  userType: string;
  departIds: number[];
  roleIds: number[];
}

/**
 * A new user's account name, with its availability asked 500 ms after the last key (the spec's debounce), only for
 * a well-formed name; a taken name reads as the field's error.
 */
export function AccountField({
  form,
  wellFormed,
  check,
}: {
  form: FormApi<UserFormValues>;
  wellFormed: (name: string) => boolean;
  check: (name: string, signal: AbortSignal) => Promise<boolean>;
}) {
  const t = useT();
  const typed = useDebouncedValue(form.values.userName.trim(), 500);
  const [availability, setAvailability] = useState<'idle' | 'checking' | 'free' | 'taken'>('idle');
  // The page's latest rule and call, read when the name settles: a page passes new functions on every render (a
  // key in another field), and asking again then re-asked the server and flashed 正在检查 under the account, moving
  // every field below it under the user's pointer.
  const latest = useRef({ wellFormed, check });
  useLayoutEffect(() => {
    latest.current = { wellFormed, check };
  });
  useEffect(() => {
    if (!typed || !latest.current.wellFormed(typed)) return setAvailability('idle');
    const abort = new AbortController();
    setAvailability('checking');
    latest.current.check(typed, abort.signal).then(
      (free) => setAvailability(free ? 'free' : 'taken'),
      () => setAvailability('idle'),
    );
    return () => abort.abort();
    // Checked again when the settled name changes, not on every keystroke of the other fields.
  }, [typed]);

  const field = form.field('userName');
  const hint = availability === 'checking' ? t('checkingAccount') : availability === 'free' ? t('accountAvailable') : t('accountRule');
  return (
    <Field
      label={t('account')}
      required={form.required?.('userName')}
      {...(availability === 'taken' && !field.validationMessage
        ? { validationState: 'error' as const, validationMessage: t('accountTaken') }
        : field)}
      hint={field.validationMessage ? undefined : hint}
    >
      <Input
        name="userName"
        autoComplete="off"
        value={form.values.userName}
        onChange={(_, d) => form.set('userName', d.value)}
        onBlur={() => form.blur('userName')}
      />
    </Field>
  );
}
