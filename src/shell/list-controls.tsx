import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useRestoreFocus } from './restore-focus.ts';
import { useT } from '../i18n/use-t.ts';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
});

export interface PagerProps {
  count: number;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  /** offered sizes; without them the size is fixed */
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
}

/** Total, page size (when offered), previous / next and "n / pages" under a list. */
export function Pager({ count, pageNum, pageSize, onPage, pageSizes, onPageSize }: PagerProps) {
  const s = useStyles();
  const t = useT();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <div className={s.pager}>
      <span>{t('totalRows', { count })}</span>
      {pageSizes && onPageSize && (
        <Select aria-label={t('pageSize')} value={String(pageSize)} onChange={(_, d) => onPageSize(Number(d.value))}>
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {t('perPage', { count: n })}
            </option>
          ))}
        </Select>
      )}
      <Button size="small" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        {t('previousPage')}
      </Button>
      <span>
        {pageNum} / {pages}
      </span>
      <Button size="small" disabled={pageNum >= pages} onClick={() => onPage(pageNum + 1)}>
        {t('nextPage')}
      </Button>
    </div>
  );
}

/** SPEC 5's confirmation: titled 提示, with 确定 and 取消. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  useRestoreFocus(open);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('prompt')}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm}>
              {t('confirm')}
            </Button>
            <Button onClick={onCancel}>{t('cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
