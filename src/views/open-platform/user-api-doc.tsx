import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '../../kit/page/page-header.tsx';
import type { ViewProps } from '../view-props.ts';
import { recordApi } from '../../api/table/records.ts';

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

const CALLS: Array<[string, string]> = [
  [recordApi.schema.path, '{ component } → 该页面组件对应的数据表、字段和按钮编码（没有时为 null）'],
  [recordApi.list.path, '{ tableId, pageNum, pageSize, filters?, sortField?, sortOrder? } → values（记录）与 count'],
  [recordApi.detail.path, '{ tableId, id } → 一条记录（values 按字段标识，labels 为引用与部门的名称）'],
  [recordApi.save.path, '{ tableId, values } 新增；{ tableId, id, version, values } 编辑（version 过期时拒绝，不覆盖）'],
  [recordApi.remove.path, '{ tableId, id } → 被其他记录引用时拒绝'],
  [recordApi.sheet.path, '{ tableId, filters? } → 列名与行，最多 10000 行'],
  [
    recordApi.exportJob.path,
    '{ tableId, filters? } 开始服务器导出（最多 1,000,000 行）；{ tableId, jobId } 查询进度，完成后给出有效 60 分钟的下载链接',
  ],
];

/**
 * 开放平台 › user 接口文档: how a tenant's own systems call the console's API with an API key (the key's scopes
 * and its maker's permissions decide what it may call, as in the console).
 */
export default function UserApiDocView({ route }: ViewProps) {
  const s = useStyles();
  const base = `${location.origin}/manage`;
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <h2>认证</h2>
      <p>
        在 <Link href="#/open-platform/api-key">API 密钥</Link> 页面创建密钥，勾选它可以调用的接口。每个请求带上请求头{' '}
        <code>X-Api-Key</code>
        ，不带 <code>UserToken</code>
        。密钥代表创建它的用户：只能调用该用户当前有权限的接口，数据范围与其部门相同；每分钟的调用次数有上限，超过时答 HTTP 429。
      </p>
      {/* Wider than a phone: it scrolls sideways, so the keyboard must reach it. */}
      <pre className={s.pre} tabIndex={0} role="region" aria-label="示例请求">{`curl -X POST ${base}${recordApi.list.path} \\
  -H 'Content-Type: application/json' \\
  -H 'X-Api-Key: <你的密钥>' \\
  -d '{"tableId": 12, "pageNum": 1, "pageSize": 20, "filters": {"level": "4"}}'`}</pre>
      <h2>应答</h2>
      <p>
        成功时 <code>{'{ "result": "ok", "values": … }'}</code>；被拒绝时 <code>{'{ "result": "error", "errmsg": "原因" }'}</code>
        ，指明字段时另有 <code>field</code>；无权限时 <code>result</code> 为 403。
      </p>
      <h2>业务数据接口</h2>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">路径（POST）</th>
            <th scope="col">请求与应答</th>
          </tr>
        </thead>
        <tbody>
          {CALLS.map(([path, what]) => (
            <tr key={path}>
              <td>
                <code>{path}</code>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        筛选值按字段类型：文本为包含，选项与引用为等于，数字、日期与时间为范围 <code>起~止</code>。字段与选项见数据字典。
      </p>
    </section>
  );
}
