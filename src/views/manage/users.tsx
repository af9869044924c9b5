import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { Answer } from '../../api/contract.ts';
import { useApi } from '../../shell/api-context.ts';
import { useLoading } from '../../shell/loading.tsx';
import { PermissionButton } from '../../shell/permission-button.tsx';
import { ConfirmDialog, Pager } from '../../shell/list-controls.tsx';
import { useNotify } from '../../shell/toast.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

interface UserRow {
  id: number;
  userName: string;
  nickname: string;
  phone: string;
  userType: number;
}

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  title: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase500 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  filter: { display: 'flex', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  detail: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}` },
});

/** 系统管理 › 用户管理: the tenant's users, with details (department-scoped on the server) and delete (user:del). */
export default function UsersView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const withLoading = useLoading();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<UserRow[] | null>(null);
  const [count, setCount] = useState(0);
  const [detail, setDetail] = useState<Record<string, unknown> | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api.call<Answer<UserRow[]> & { count?: number }>('/v1/user/list', {
        pageNum,
        pageSize: PAGE_SIZE,
        keyword: query,
      });
      setRows(answer.values ?? []);
      setCount(answer.count ?? 0);
    } catch {
      // The failure was shown by the shell (SPEC 8); the table stays as it was.
      setRows((r) => r ?? []);
    }
  }, [api, pageNum, query]);
  useEffect(() => void load(), [load]);

  const openDetail = async (row: UserRow) => {
    try {
      setDetail((await api.call<Answer<Record<string, unknown>>>('/v1/user/detail', { id: row.id })).values ?? null);
    } catch {
      /* shown by the shell */
    }
  };
  const remove = async (row: UserRow) => {
    setDeleting(null);
    try {
      await withLoading(() => api.call('/v1/user/del', { id: row.id }), t('operating'));
      notify(t('operationDone'), 'success');
      await load();
    } catch {
      /* shown by the shell */
    }
  };

  return (
    <section className={s.page} aria-label={route.title}>
      <h1 className={s.title}>{route.title}</h1>
      <form
        className={s.filter}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNum(1);
          setQuery(keyword.trim());
        }}
      >
        <Input aria-label={t('searchUsers')} placeholder={t('searchUsers')} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
        <Button type="submit">{t('search')}</Button>
      </form>
      {rows === null ? (
        <Spinner label={t('loading')} />
      ) : (
        <Table aria-label={route.title} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('account')}</TableHeaderCell>
              <TableHeaderCell>{t('nickname')}</TableHeaderCell>
              <TableHeaderCell>{t('phone')}</TableHeaderCell>
              <TableHeaderCell>{t('userType')}</TableHeaderCell>
              <TableHeaderCell>{t('actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('none')}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.userName}</TableCell>
                <TableCell>{r.nickname}</TableCell>
                <TableCell>{r.phone || '--'}</TableCell>
                <TableCell>{[0, 1, 2].includes(r.userType) ? t(`userType${r.userType as 0 | 1 | 2}`) : r.userType}</TableCell>
                <TableCell>
                  <div className={s.actions}>
                    <Button
                      size="small"
                      aria-label={`${t('detail')} ${r.userName}`}
                      onClick={() => void openDetail(r)}
                      data-track-code="user:detail"
                    >
                      {t('detail')}
                    </Button>
                    <PermissionButton
                      code="user:del"
                      route={route}
                      aria-label={`${t('delete')} ${r.userName}`}
                      onClick={() => setDeleting(r)}
                    >
                      {t('delete')}
                    </PermissionButton>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager count={count} pageNum={pageNum} pageSize={PAGE_SIZE} onPage={setPageNum} />

      <Dialog open={detail !== null} onOpenChange={(_, d) => !d.open && setDetail(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('detail')}</DialogTitle>
            <DialogContent>
              <dl className={s.detail}>
                {detail &&
                  (['userName', 'nickname', 'phone'] as const).map((k) => (
                    <div key={k} style={{ display: 'contents' }}>
                      <dt>{{ userName: t('account'), nickname: t('nickname'), phone: t('phone') }[k]}</dt>
                      <dd style={{ margin: 0 }}>{String(detail[k] ?? '') || '--'}</dd>
                    </div>
                  ))}
              </dl>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDetail(null)}>{t('close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteUser')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
