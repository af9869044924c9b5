import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentRegular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import { useT } from '@/i18n/use-t.ts';
import { formatBytes } from '@/lib/format.ts';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    ...shorthands.border('1px', 'dashed', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    textAlign: 'center',
    ':hover': { ...shorthands.borderColor(tokens.colorBrandStroke1) },
    ':focus-within': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  over: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  hint: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  chosen: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground1 },
  // The input stays in the page (keyboard, screen readers, tests) but is not drawn: the zone is its face.
  input: { position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' },
});

/** What an .xlsx picker accepts. */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface FileDropProps {
  /** the input's name for assistive technology (选择文件) */
  label: string;
  /** what may be chosen, said under the call to action (.xlsx, at most 10 MB) */
  hint: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  invalid?: boolean;
}

/**
 * A file chosen by dropping it on the zone or by clicking it (Enter or Space on the focused input): the zone says which
 * file is chosen and how large it is. One file; the caller checks its kind and size.
 * @example <FileDrop label={t('chooseFile')} hint={t('xlsxUpTo', { size: '10 MB', rows: 2000 })} accept={XLSX_ACCEPT} file={file} onFile={setFile} />
 */
export function FileDrop({ label, hint, accept, file, onFile, invalid }: FileDropProps) {
  const s = useStyles();
  const t = useT();
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <label
      htmlFor={id}
      className={mergeClasses(s.zone, over && s.over, invalid && s.invalid)}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const dropped = e.dataTransfer.files[0];
        if (dropped) onFile(dropped);
      }}
    >
      <input
        id={id}
        className={s.input}
        type="file"
        aria-label={label}
        aria-invalid={invalid || undefined}
        accept={accept}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <ArrowUploadRegular className={s.icon} aria-hidden />
      <span>{t('dropOrChoose')}</span>
      <span className={s.hint}>{hint}</span>
      {file && (
        <span className={s.chosen} aria-live="polite">
          <DocumentRegular aria-hidden />
          {t('chosenFile', { name: file.name, size: formatBytes(file.size) })}
        </span>
      )}
    </label>
  );
}
