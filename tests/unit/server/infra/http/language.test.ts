import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { answeredInLanguage, answerInLanguage, serverEnglishOf } from '@server/infra/http/language.ts';
import { ApiError } from '@server/infra/http/http.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
/** Words the console reads to decide what happened: SPEC's, never translated. */
const PROTOCOL = new Set(['userToken缺失', 'userToken失效', 'accessToken失效']);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });

/** Every refusal written as a literal in server/: ApiError, fieldError, refuse and errmsg. */
function serverRefusals(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /new ApiError\(\s*'([^'\n]*)'/g,
    /fieldError\(\s*'\w+'\s*,\s*'([^'\n]*)'/g,
    /refuse\(\s*'\w+'\s*,\s*'([^'\n]*)'/g,
    /errmsg:\s*'([^'\n]*)'/g,
    // a refusal chosen by a condition, and a unique violation's
    /new ApiError\(\s*[^'`()]*\?\s*'([^'\n]*)'/g,
    /new ApiError\(\s*[^'`()]*\?\s*'[^'\n]*'\s*:\s*'([^'\n]*)'/g,
    /onDuplicate\([^;]*?,\s*'([^'\n]*)'\s*\)/g,
    /export const \w+_MESSAGE = '([^'\n]*)'/g,
  ];
  for (const file of files('server')) {
    const source = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of source.matchAll(re)) if (CJK.test(m[1]) && !PROTOCOL.has(m[1])) found.set(m[1], file);
  }
  return found;
}

/** A template literal's `${…}` (one level of nested template inside it), and a whole template literal. */
const PART = /\$\{(?:[^{}`]|`[^`]*`)*\}/g;
const TEMPLATE = new RegExp(`\`((?:[^\`$]|${PART.source})*)\``);

/**
 * Every refusal written in server/ as a template (`“${field.label}”不能用来筛选`), each `${…}` given in turn as one
 * of a few samples (a word, a number, a request id): the refusal's English is its English with some sample in place.
 * A cron's refusal carries croner's reason, which its own test below says in both languages.
 */
function templateRefusals(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const patterns = [
    /new ApiError\(\s*/,
    /new ApiError\(\s*[^'`()]*\?\s*'[^'\n]*'\s*:\s*/,
    /(?:fieldError|refuse)\(\s*'?[\w.]+'?\s*,\s*/,
    /errmsg:\s*/,
    // a row an import refuses, as its report says it
    /message:\s*/,
  ].map((before) => new RegExp(before.source + TEMPLATE.source, 'g'));
  const samples = ['x', '12', '8c3ab465-d28e-4770-8648-e5deadf73942'];
  for (const file of files('server')) {
    const source = readFileSync(file, 'utf8');
    for (const re of patterns)
      for (const m of source.matchAll(re)) {
        const template = m[1];
        if (!CJK.test(template.replace(PART, '')) || template.startsWith('Cron 表达式不正确：')) continue;
        found.set(
          `${template} (${file})`,
          samples.map((x) => template.replace(PART, x)),
        );
      }
  }
  return found;
}

describe('the server’s refusals in English', () => {
  it('has the English of every refusal written in server/ as a template, whatever its parts hold', () => {
    const refusals = templateRefusals();
    expect(refusals.size).toBeGreaterThan(20);
    const missing = [...refusals].filter(([, said]) => said.every((zh) => CJK.test(serverEnglishOf(zh)))).map(([where]) => where);
    expect(missing).toEqual([]);
    // a header's refusal is the header's, not a field's `{label}须为：{options}`
    expect(serverEnglishOf('表头须为：账号、昵称（请下载模板后填写）')).toBe(
      'The header must be: 账号、昵称 (download the template and fill it in)',
    );
    expect(serverEnglishOf('“入会日期”的范围格式不正确')).toBe('The range of “入会日期” is not in the expected format');
  });

  it('has the English of every refusal written in server/', () => {
    const refusals = serverRefusals();
    expect(refusals.size).toBeGreaterThan(100);
    const missing = [...refusals].filter(([zh]) => CJK.test(serverEnglishOf(zh))).map(([zh, file]) => `${zh} (${file})`);
    expect(missing).toEqual([]);
  });

  it('carries the varying parts of a refusal over, and leaves what it does not know as it is', () => {
    expect(serverEnglishOf('登录失败次数过多，请 15 分钟后再试')).toBe('Too many failed sign-ins; try again in 15 minutes');
    // a list of options separated as English separates one
    expect(serverEnglishOf('等级须为：普卡、银卡')).toBe('等级 is one of: 普卡, 银卡');
    // a count's word by English's plural rule
    expect(serverEnglishOf('登录失败次数过多，请 1 分钟后再试')).toBe('Too many failed sign-ins; try again in 1 minute');
    expect(serverEnglishOf('该角色下还有 1 个用户，请先移除这些用户的角色')).toMatch(/^1 user holds this role;/);
    expect(serverEnglishOf('路径已被“用户管理”使用')).toBe('The path is taken by “用户管理”');
    expect(serverEnglishOf('一次最多导入 10000 行，这个文件有 12000 行')).toBe('At most 10000 rows at a time; this file has 12000');
    expect(serverEnglishOf('名称不能为空')).toBe('The name is required');
    expect(serverEnglishOf('张三的留言')).toBe('张三的留言');
    // a name people also gave in English (a field's label) is said in English, quoted or not; other names stay
    const names = new Map([
      ['手机号', 'Phone'],
      ['入会日期', 'Join date'],
    ]);
    expect(serverEnglishOf('已有相同手机号的记录', names)).toBe('A record with the same Phone exists');
    expect(serverEnglishOf('“入会日期”不能用来筛选', names)).toBe('“Join date” cannot be filtered on');
    expect(serverEnglishOf('“备注”不能用来筛选', names)).toBe('“备注” cannot be filtered on');
    expect(serverEnglishOf('已有相同手机号的记录')).toBe('A record with the same 手机号 exists');
  });

  it('says what is wrong with a cron in the console’s words, in both languages (issue 45: croner’s English came as it was)', async () => {
    const { cronCheck } = await import('@server/services/scheduler.ts');
    const said = (cron: string) => {
      const check = cronCheck(cron, 'Asia/Shanghai');
      return 'error' in check ? `Cron 表达式不正确：${check.error}` : null;
    };
    expect(said('61 * * * *')).toBe('Cron 表达式不正确：分的值“61”超出范围');
    expect(serverEnglishOf(said('61 * * * *')!)).toBe('Not a valid cron: the minute cannot be 61');
    for (const cron of ['x', '* * * * * * * *', '*/0 * * * *', '0 0 25 * * *', '0 0 0 32 * *']) {
      expect(said(cron), cron).toMatch(/^Cron 表达式不正确：[^A-Za-z]+$/);
      expect(serverEnglishOf(said(cron)!), cron).not.toMatch(CJK);
    }
    expect(said('0 30 2 * * *')).toBeNull();
  });
});

describe('answerInLanguage', () => {
  const refusal = { result: 'error', errmsg: '角色名称不能为空' };
  const app = new Hono();
  app.onError((err, c) => c.json({ result: 'error', errmsg: err.message }));
  app.use('*', answerInLanguage());
  app.post('/json', (c) => c.json(refusal));
  app.post('/forbidden', (c) => c.json({ result: 403, errmsg: '您没有当前操作的权限' }));
  app.post('/thrown', () => {
    throw new ApiError('角色名称不能为空');
  });
  app.post('/protocol', (c) => c.json({ result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' }));
  app.post('/ok', (c) => c.json({ result: 'ok', values: [{ name: '角色名称不能为空' }] }));
  // a refusal written by hand, not through c.json: read back after the handler
  app.post('/by-hand', () => new Response(JSON.stringify(refusal), { headers: { 'Content-Type': 'application/json' } }));
  // marked as holding no refusal: never read back (so left as it is, even shaped like one)
  app.post('/marked', (c) => answeredInLanguage(c.body(JSON.stringify(refusal), 200, { 'Content-Type': 'application/json' })));
  const answer = async (path: string, language?: string) =>
    (await app.request(path, { method: 'POST', headers: language ? { 'Accept-Language': language } : {} })).json();

  it('puts a refusal in English however it was made, and leaves the rest as it is', async () => {
    const english = { result: 'error', errmsg: 'The role name is required' };
    expect(await answer('/json', 'en-US')).toEqual(english);
    expect(await answer('/thrown', 'en')).toEqual(english);
    expect(await answer('/by-hand', 'en')).toEqual(english);
    expect(await answer('/forbidden', 'en')).toEqual({ result: 403, errmsg: 'You do not have permission for this operation.' });
    expect(await answer('/protocol', 'en')).toMatchObject({ values: 'userToken缺失', errmsg: '登录失效，请重新登录' });
    expect(await answer('/ok', 'en')).toEqual({ result: 'ok', values: [{ name: '角色名称不能为空' }] });
    for (const path of ['/json', '/thrown', '/by-hand']) {
      expect(await answer(path, 'zh-CN')).toEqual(refusal);
      expect(await answer(path)).toEqual(refusal);
    }
  });

  it('reads back only an answer made neither by c.json nor marked as holding no refusal', async () => {
    expect(await answer('/marked', 'en')).toEqual(refusal);
    const clone = vi.spyOn(Response.prototype, 'clone');
    try {
      for (const path of ['/json', '/thrown', '/ok', '/marked']) await answer(path, 'en');
      expect(clone).not.toHaveBeenCalled();
      await answer('/by-hand', 'en');
      expect(clone).toHaveBeenCalledTimes(1);
    } finally {
      clone.mockRestore();
    }
  });
});
