import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../page/confirm.tsx';
import { SideDrawer } from '../page/side-drawer.tsx';
import { useFocusFirstInvalid } from './focus-first-invalid.ts';
import { useT } from '@/i18n/use-t.ts';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import { ActionPair } from './actions.tsx';
import type { FormApi } from './use-form.ts';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalL },
});

/** A drawer of a kit form: its state and what saving does with its values. */
interface OfForm<V extends Record<string, unknown>> {
  form: Pick<FormApi<V>, 'dirty' | 'saving' | 'submit'>;
  /** runs with the values once every rule holds; a refusal naming a field lands under it */
  onSave: (values: V) => Promise<void>;
}

/** A drawer of anything else that saves (a tree of permissions): whether it changed, whether it is saving, and how. */
interface OfState {
  /** something changed: closing asks first */
  dirty: boolean;
  saving: boolean;
  /** resolves false when the form refused (a rule or the server): focus goes to the first invalid field */
  onSubmit: () => Promise<boolean> | void;
}

export type FormDrawerProps<V extends Record<string, unknown>> = (OfForm<V> | OfState) & {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A form in a drawer from the right: its fields, then 保存 and 取消. Given a kit form, it reads whether the form
 * changed and is saving from it, and saves through it. Saving disables the button and says
 * 正在操作中，请稍候...; closing with unsaved changes asks 有未保存的修改，确定放弃吗？ first.
 */
export function FormDrawer<V extends Record<string, unknown>>(props: FormDrawerProps<V>) {
  const { open, title, onClose, children } = props;
  const { dirty, saving } = 'form' in props ? props.form : props;
  const onSubmit = 'form' in props ? () => props.form.submit(props.onSave) : props.onSubmit;
  const s = useStyles();
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();
  const cancelled = useOperationCancelled();
  // closed unsaved: what opened it was dismissed (the operation log's 已取消; after a save there is nothing open)
  const dismiss = () => {
    cancelled();
    onClose();
  };
  const close = () => (dirty && !saving ? setConfirming(true) : !saving && dismiss());
  return (
    <SideDrawer
      open={open}
      title={title}
      onClose={close}
      form={{
        ref: firstInvalid.ref,
        onSubmit: async (e) => {
          e.preventDefault();
          if ((await onSubmit()) === false) firstInvalid.ask();
        },
      }}
      footer={<ActionPair label={t('save')} busy={saving} submit onCancel={close} />}
    >
      <div className={s.fields}>{children}</div>
      {/* Inside the drawer, so Fluent stacks the two modals (siblings leave a stale aria-hidden behind). */}
      <ConfirmDialog
        open={confirming}
        message={t('discardChanges')}
        onConfirm={() => {
          setConfirming(false);
          dismiss();
        }}
        onCancel={() => setConfirming(false)}
      />
    </SideDrawer>
  );
}
