import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode } from 'react';
import { passwordChangeForm } from '@/api/schema/session/password.ts';
import { changePassword } from '@/api/calls/session/user-center-calls.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useFocusFirstInvalid } from '@/kit/form/focus-first-invalid.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Values = { oldPassword: string; password: string; confirm: string };

const EMPTY: Values = { oldPassword: '', password: '', confirm: '' };

/**
 * The old password, a new one by the shared policy, and its confirmation (设置密码, and the first sign-in's change of
 * a password someone else chose). On success the account's other sessions end and this one goes on.
 */
export function PasswordForm({
  label,
  oldLabel,
  onChanged,
  extra,
}: {
  label: string;
  /** what the old password is called here (原密码, 初始密码) */
  oldLabel?: string;
  onChanged: (endedSessions: number) => void;
  /** buttons after 保存 */
  extra?: ReactNode;
}) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const form = useSchemaForm<Values>(EMPTY, passwordChangeForm);
  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();
  const field = (name: keyof Values, text: string, autoComplete: string) => (
    <Field label={text} required {...form.field(name)}>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={form.values[name]}
        onChange={(_, d) => form.set(name, d.value)}
        onBlur={() => form.blur(name)}
      />
    </Field>
  );
  return (
    <form
      ref={firstInvalid.ref}
      className={s.form}
      noValidate
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        let ended = 0;
        const done = await form.submit(async (v) => {
          ended = (await changePassword(api, v.oldPassword, v.password)).endedSessions;
        });
        if (done) {
          form.reset(EMPTY);
          onChanged(ended);
        } else firstInvalid.ask();
      }}
    >
      {field('oldPassword', oldLabel ?? t('oldPassword'), 'current-password')}
      {field('password', t('newPassword'), 'new-password')}
      {field('confirm', t('confirmNewPassword'), 'new-password')}
      <div className={s.buttons}>
        <Button type="submit" appearance="primary" disabled={form.saving}>
          {form.saving ? t('operating') : t('save')}
        </Button>
        {extra}
      </div>
    </form>
  );
}
