import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** everything the process printed so far */
  log: () => string;
  /** SIGTERM (a graceful stop), then waits for the process to end */
  stop: () => Promise<void>;
  /** the process's exit code once it ended (null while it runs) */
  exitCode: () => number | null;
  /** the server's process id */
  pid: number;
  /** its data folder (DATA_DIR): uploads and export files are written under it */
  dataDir: string;
  /** SIGKILL: the process ends at once, as a crash or `kill -9` ends it; resolves once it has */
  kill: () => Promise<void>;
}

export interface ServerOptions {
  /** a data folder to use (kept at stop); a throwaway one otherwise */
  dataDir?: string;
  /** the whole environment is the test's own (HOST, PORT, SCRM_DEMO, ... are not defaulted) */
  bareEnv?: boolean;
  /**
   * a stopped server's data folder to start from (copied into the throwaway one): the demo is seeded already, so the
   * server opens it in about a second instead of seeding a fresh database for four (see prepareTemplate)
   */
  template?: string;
  /**
   * what the server prints after it started is dropped, not kept for an error message: a server under load with its
   * request log on (the bench) would otherwise grow the starting process's memory and cost its time
   */
  dropLog?: boolean;
}

const spawnServer = (env: Record<string, string>, opts: ServerOptions) => {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'scrm-test-'));
  if (opts.template) cpSync(opts.template, dataDir, { recursive: true });
  const defaults = opts.bareEnv
    ? { DATA_DIR: dataDir }
    : {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SCRM_DEMO: '1',
        SCRM_TEST_FAULTS: '1',
        SCRM_CHECK_ANSWERS: '1',
        SCRM_TEST_PASSWORD_COST: 'low',
        TRUST_PROXY: '1',
      };
  // STOP_WITH_STDIN: the server stops when this end of its standard input closes, which the system does when the test
  // process ends however it ends (a failed or killed run included), so no server outlives its run.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...defaults, STOP_WITH_STDIN: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (chunk: Buffer) => void (log += chunk.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const cleanup = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, dataDir, log: () => log, cleanup };
};

/** Starts the real server (npm start's process, without the build) on a free port and a throwaway data dir. */
export async function startServer(env: Record<string, string> = {}, opts: ServerOptions = {}): Promise<RunningServer> {
  const { child, dataDir, log, cleanup } = spawnServer(env, opts);
  const url = await new Promise<string>((resolve, reject) => {
    // As long as a busy machine needs (issue 46: a bench on a shared 2-core machine gave up at 60 s while the server
    // was still seeding): a server that fails exits and is reported at once; only a hung one waits the 10 minutes.
    const timer = setTimeout(() => reject(new Error(`server did not start in 10 minutes:\n${log()}`)), 600_000);
    const check = () => {
      const m = /已启动：(http:\/\/localhost:\d+)/.exec(log());
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
        if (opts.dropLog) {
          child.stdout!.removeAllListeners('data');
          child.stdout!.resume();
        }
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log()}`));
    });
  });
  return {
    url,
    log,
    exitCode: () => child.exitCode,
    pid: child.pid!,
    dataDir,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      cleanup();
    },
  };
}

/** Starts the server expecting it to refuse to start: its exit code and what it printed. */
export async function serverExit(
  env: Record<string, string> = {},
  opts: ServerOptions = {},
): Promise<{ code: number | null; log: string }> {
  const { child, log, cleanup } = spawnServer(env, opts);
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit in 60 s:\n${log()}`));
    }, 60_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  cleanup();
  return { code, log: log() };
}

/**
 * A demo data folder, seeded once and stopped, for the run's servers to start from (ServerOptions.template): one
 * PGlite seeding per run instead of one per server. Removed by the returned function.
 */
export async function prepareTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-template-'));
  const seeding = await startServer({}, { dataDir: dir });
  // Its start's work (catalogue, interface rows and their relations) done before it stops: copies start whole.
  await untilReady(seeding.url);
  await seeding.stop();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves once the server says it is ready (/readyz 200: its database answers and its start's work is done). */
export async function untilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/readyz`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > end) throw new Error(`${url} not ready in ${timeoutMs / 1000} s (last /readyz: ${status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
