import { Button, Input, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { IMAGE_RULES } from '@/api/rules/image-rules.ts';
import { UploadError, uploadImage } from '@/lib/upload.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // in a narrow panel (the page builder's at 1024 px) the upload button goes under the address rather than off the edge
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    '& > span': { minWidth: 0, flexGrow: 1 },
  },
  problem: { color: tokens.colorPaletteRedForeground1 },
  thumb: { maxWidth: '96px', maxHeight: '96px', borderRadius: tokens.borderRadiusMedium },
});

export interface ImageUploadProps {
  /** the image's address ('' for none) */
  value: string;
  /** a new address: typed, or an upload's (`uploaded`) */
  onChange: (url: string, how: { uploaded: boolean }) => void;
  /** names the address field and the preview */
  label: string;
  /** the image must be square */
  square?: boolean;
  /** show the address field beside the button (default) */
  address?: boolean;
  /** show the image under it */
  preview?: boolean;
  /** the field was left, or an upload ended (the form checks the value then) */
  onBlur?: () => void;
  /** an upload started (true) or ended (false): a form keeps 保存 off meanwhile, so it never saves the old image */
  onUploading?: (uploading: boolean) => void;
}

/**
 * The one way a page takes an image: an address, or a file uploaded through the one upload helper (type, size and,
 * where asked, squareness checked first; progress shown). An image refused for itself is said under it; a refused
 * call was already said by the shell.
 */
export function ImageUpload({
  value,
  onChange,
  label,
  square = false,
  address = true,
  preview = false,
  onBlur,
  onUploading,
}: ImageUploadProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const tenantId = SessionContext.useSelector((st) => st.context.userInfo?.tenantId ?? null);
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File) => {
    setProblem(null);
    setProgress(0);
    onUploading?.(true);
    try {
      onChange(await uploadImage(api, file, { square, onProgress: setProgress, tenantId }), { uploaded: true });
    } catch (err) {
      if (err instanceof UploadError) setProblem(err.message);
    } finally {
      setProgress(null);
      onUploading?.(false);
      onBlur?.();
    }
  };
  return (
    <div className={s.box}>
      <div className={s.row}>
        {address && (
          <Input
            value={value}
            placeholder="/uploads/… 或 https://…"
            aria-label={label}
            onChange={(_, d) => onChange(d.value, { uploaded: false })}
            onBlur={onBlur}
          />
        )}
        <Button onClick={() => picker.current?.click()} disabled={progress !== null}>
          {t('uploadImage')}
        </Button>
        <input
          ref={picker}
          type="file"
          hidden
          aria-label={label}
          accept={IMAGE_RULES.types.join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {progress !== null && <ProgressBar value={progress} aria-label={t('uploading', { percent: Math.round(progress * 100) })} />}
      {problem && (
        <Text role="alert" className={s.problem}>
          {problem}
        </Text>
      )}
      {preview && value && <img className={s.thumb} src={value} alt={label} />}
    </div>
  );
}
