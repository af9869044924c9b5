import type { Context, Hono } from 'hono';
import type { AppEnv } from '../access/auth.ts';

/** The systems the top bar links to beside the console: the poster designer and the mall. */
export const SIBLINGS = {
  design: { path: '/design', name: '海报设计系统', env: 'DESIGN_URL' },
  mall: { path: '/mall', name: '商城系统', env: 'MALL_URL' },
} as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a top-bar link shows when its system is not deployed here: what it is and how to point it elsewhere. */
export function notDeployedPage(name: string, env: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(name)}未部署</title>
<style>
  body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f5f5;color:#242424}
  main{max-width:520px;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
  h1{font-size:20px;margin:0 0 12px} p{line-height:1.7;margin:8px 0} code{background:#f0f0f0;padding:1px 4px;border-radius:4px}
  @media (prefers-color-scheme: dark){body{background:#1f1f1f;color:#f0f0f0} main{background:#292929} code{background:#3a3a3a}}
</style></head>
<body><main>
<h1>${escape(name)}未部署</h1>
<p>这个部署没有安装${escape(name)}，所以这里没有可打开的页面。</p>
<p>管理员可以在启动管理后台时设置环境变量 <code>${escape(env)}</code>，让这个链接跳转到已部署的${escape(name)}。</p>
<p><a href="/">返回管理后台</a></p>
</main></body></html>`;
}

/**
 * /design/ and /mall/: a redirect to the deployed system (DESIGN_URL, MALL_URL), else a clear page saying it is not
 * deployed here (the links opened a blank console page before).
 */
export function siblingRoutes(app: Hono<AppEnv>, urls: { design?: string; mall?: string }) {
  for (const key of ['design', 'mall'] as const) {
    const { path, name, env } = SIBLINGS[key];
    const target = urls[key];
    const answer = (c: Context<AppEnv>) => (target ? c.redirect(target, 302) : c.html(notDeployedPage(name, env), 404));
    app.get(path, answer);
    app.get(`${path}/*`, answer);
  }
}
