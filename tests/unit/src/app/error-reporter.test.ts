import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter } from '@/app/error-reporter.ts';
import { messageOf, onReportedError, reportError } from '@/lib/error-bus.ts';

describe('the console’s error reports', () => {
  const setup = (signedIn = true) => {
    let clock = 0;
    const send = vi.fn(() => Promise.resolve());
    const report = createErrorReporter({
      send,
      signedIn: () => signedIn,
      route: () => '/manage/users',
      release: 'r1',
      limit: 3,
      now: () => clock,
    });
    return { send, report, tick: (ms: number) => (clock += ms) };
  };

  it('posts each error with its route and release, the same one once per 10 s, at most `limit` a page', () => {
    const { send, report, tick } = setup();
    report({ message: 'TypeError: a', kind: 'error' });
    report({ message: 'TypeError: a', kind: 'error' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ message: 'TypeError: a', kind: 'error', route: '/manage/users', release: 'r1' });
    tick(10_000);
    report({ message: 'TypeError: a', kind: 'error' });
    report({ message: 'chunk script: x', kind: 'chunk' });
    report({ message: 'TypeError: b', kind: 'error' });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('says nothing while signed out, and a failed post is dropped (never reported again)', async () => {
    const out = setup(false);
    out.report({ message: 'x', kind: 'error' });
    expect(out.send).not.toHaveBeenCalled();
    const send = vi.fn(() => Promise.reject(new Error('network')));
    const report = createErrorReporter({ send, signedIn: () => true, route: () => '/', release: 'r' });
    expect(() => report({ message: 'y', kind: 'rejection' })).not.toThrow();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('the bus reaches its listeners; messages are one line without a stack', () => {
    const heard: string[] = [];
    const off = onReportedError((e) => heard.push(e.message));
    const err = new RangeError('too far');
    err.stack = 'RangeError: too far\n    at f (x.ts:1:1)';
    reportError({ message: messageOf(err), kind: 'error' });
    off();
    reportError({ message: 'after', kind: 'error' });
    expect(heard).toEqual(['RangeError: too far']);
    expect(messageOf('line one\nline two')).toBe('line one');
    expect(messageOf(new TypeError('first\nsecond'))).toBe('TypeError: first');
    expect(messageOf(new Error('x'.repeat(1500)))).toBe(`Error: ${'x'.repeat(993)}`);
    expect(messageOf('y'.repeat(1500))).toBe('y'.repeat(1000));
    expect(messageOf({ toString: () => 'an object' })).toBe('an object');
  });
});
