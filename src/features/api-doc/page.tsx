import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '@/kit/page/page-header.tsx';
import type { ViewProps } from '../view-props.ts';
import { recordApi } from '@/api/table/records.ts';
import { useLanguage } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  page: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    maxWidth: '960px',
  },
  pre: {
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    overflowX: 'auto',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
  },
  table: { borderCollapse: 'collapse', '& th, & td': { textAlign: 'start', padding: '4px 12px 4px 0', verticalAlign: 'top' } },
});

/** The page's words in both languages (a document: its sentences, not a catalogue's phrases). */
const WORDS = {
  zh: {
    auth: '认证',
    authBefore: '在 ',
    keys: 'API 密钥',
    authMiddle: ' 页面创建密钥，勾选它可以调用的接口。每个请求带上请求头 ',
    authNoToken: '，不带 ',
    authAfter: '。密钥代表创建它的用户：只能调用该用户当前有权限的接口，数据范围与其部门相同；每分钟的调用次数有上限，超过时答 HTTP 429。',
    example: '示例请求',
    yourKey: '<你的密钥>',
    answer: '应答',
    okBefore: '成功时 ',
    refusedBefore: '；被拒绝时 ',
    reason: '原因',
    fieldBefore: '，指明字段时另有 ',
    forbidden: '；无权限时 ',
    forbiddenAfter: ' 为 403。',
    calls: '业务数据接口',
    path: '路径（POST）',
    what: '请求与应答',
    filters: '筛选值按字段类型：文本为包含，选项与引用为等于，数字、日期与时间为范围 ',
    range: '起~止',
    filtersAfter: '。字段与选项见数据字典。',
    rows: [
      '{ component } → 该页面组件对应的数据表、字段和按钮编码（没有时为 null）',
      '{ tableId, pageNum, pageSize, filters?, sortField?, sortOrder? } → values（记录）与 count',
      '{ tableId, id } → 一条记录（values 按字段标识，labels 为引用与部门的名称）',
      '{ tableId, values } 新增；{ tableId, id, version, values } 编辑（version 过期时拒绝，不覆盖）',
      '{ tableId, id } → 被其他记录引用时拒绝',
      '{ tableId, filters? } → 列名与行，最多 10000 行',
      '{ tableId, filters? } 开始服务器导出（最多 1,000,000 行）；{ tableId, jobId } 查询进度，完成后给出有效 60 分钟的下载链接',
    ],
  },
  en: {
    auth: 'Authentication',
    authBefore: 'Create a key on the ',
    keys: 'API keys',
    authMiddle: ' page and tick the calls it may make. Every request carries the header ',
    authNoToken: ', not ',
    authAfter:
      ". A key stands for the user who made it: it may make only the calls that user may make now, over that user's departments; calls per minute are limited, and past the limit the answer is HTTP 429.",
    example: 'Example request',
    yourKey: '<your key>',
    answer: 'Answers',
    okBefore: 'On success ',
    refusedBefore: '; when refused ',
    reason: 'why',
    fieldBefore: ', with ',
    forbidden: ' when it names a field; without the permission ',
    forbiddenAfter: ' is 403.',
    calls: 'Business data calls',
    path: 'Path (POST)',
    what: 'Request and answer',
    filters: "Filter values by the field's type: text contains, options and references equal, numbers, dates and times a range ",
    range: 'from~to',
    filtersAfter: '. The fields and options are in the data dictionary.',
    rows: [
      '{ component } → the table that page component shows, its fields and button codes (null when none)',
      '{ tableId, pageNum, pageSize, filters?, sortField?, sortOrder? } → values (the records) and count',
      '{ tableId, id } → one record (values by field name; labels: the names of references and departments)',
      '{ tableId, values } adds; { tableId, id, version, values } edits (refused, never overwritten, when version is old)',
      '{ tableId, id } → refused while other records refer to it',
      '{ tableId, filters? } → the columns and rows, at most 10000 rows',
      '{ tableId, filters? } starts an export on the server (at most 1,000,000 rows); { tableId, jobId } reads its progress and, once done, a download link valid for 60 minutes',
    ],
  },
} as const;

const PATHS = [
  recordApi.schema.path,
  recordApi.list.path,
  recordApi.detail.path,
  recordApi.save.path,
  recordApi.remove.path,
  recordApi.sheet.path,
  recordApi.exportJob.path,
];

/**
 * 开放平台 › user 接口文档: how a tenant's own systems call the console's API with an API key (the key's scopes
 * and its maker's permissions decide what it may call, as in the console).
 */
export default function UserApiDocView({ route }: ViewProps) {
  const s = useStyles();
  const [language] = useLanguage();
  const w = WORDS[language === 'en' ? 'en' : 'zh'];
  const base = `${location.origin}/manage`;
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <h2>{w.auth}</h2>
      <p>
        {w.authBefore}
        <Link href="#/open-platform/api-key">{w.keys}</Link>
        {w.authMiddle}
        <code>X-Api-Key</code>
        {w.authNoToken}
        <code>UserToken</code>
        {w.authAfter}
      </p>
      {/* Wider than a phone: it scrolls sideways, so the keyboard must reach it. */}
      <pre className={s.pre} tabIndex={0} role="region" aria-label={w.example}>{`curl -X POST ${base}${recordApi.list.path} \\
  -H 'Content-Type: application/json' \\
  -H 'X-Api-Key: ${w.yourKey}' \\
  -d '{"tableId": 12, "pageNum": 1, "pageSize": 20, "filters": {"level": "4"}}'`}</pre>
      <h2>{w.answer}</h2>
      <p>
        {w.okBefore}
        <code>{'{ "result": "ok", "values": … }'}</code>
        {w.refusedBefore}
        <code>{`{ "result": "error", "errmsg": "${w.reason}" }`}</code>
        {w.fieldBefore}
        <code>field</code>
        {w.forbidden}
        <code>result</code>
        {w.forbiddenAfter}
      </p>
      <h2>{w.calls}</h2>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{w.path}</th>
            <th scope="col">{w.what}</th>
          </tr>
        </thead>
        <tbody>
          {PATHS.map((path, i) => (
            <tr key={path}>
              <td>
                <code>{path}</code>
              </td>
              <td>{w.rows[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {w.filters}
        <code>{w.range}</code>
        {w.filtersAfter}
      </p>
    </section>
  );
}
