import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, splitHash, takeLinkToken } from '@/lib/redirect.ts';

describe('redirect helpers', () => {
  it('follows only in-app hash paths', () => {
    expect(safeRedirect('/manage/users?x=1')).toBe('/manage/users?x=1');
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil', 'javascript:alert(1)', '/javascript:x', 'manage', '', null]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('encodes the original hash path into the login path', () => {
    expect(loginPathFor('/manage/users?tab=2')).toBe('/login?redirect=%2Fmanage%2Fusers%3Ftab%3D2');
    expect(loginPathFor('/')).toBe('/login');
  });

  it('splits the hash into path and query', () => {
    expect(splitHash('#/login?redirect=%2Fa')).toEqual(['/login', 'redirect=%2Fa']);
    expect(splitHash('')).toEqual(['/', '']);
  });

  it('takes a userToken out of the address, from either query', () => {
    expect(takeLinkToken('http://h/?userToken=abc&x=1#/manage')).toEqual({ token: 'abc', cleanHref: 'http://h/?x=1#/' });
    expect(takeLinkToken('http://h/#/?userToken=def').token).toBe('def');
    expect(takeLinkToken('http://h/#/manage')).toEqual({ token: null, cleanHref: 'http://h/#/manage' });
  });
});

describe('redirect helpers: the edges', () => {
  it('refuses control characters and scheme-like starts after slashes, keeps colons deeper in a path', () => {
    expect(safeRedirect('/manage\u0007')).toBeNull();
    expect(safeRedirect('/manage\u001f/x')).toBeNull();
    expect(safeRedirect('/data:text/html,x')).toBeNull();
    expect(safeRedirect('/Mailto:x')).toBeNull();
    expect(safeRedirect('/manage/a:b')).toBe('/manage/a:b');
    expect(safeRedirect('/a b')).toBe('/a b');
    expect(safeRedirect('/')).toBe('/');
  });

  it('never sends the login page back to itself', () => {
    expect(loginPathFor('/login?redirect=%2Fa')).toBe('/login');
    expect(loginPathFor('/register')).toBe('/login?redirect=%2Fregister');
  });

  it('keeps one leading slash and everything after the first ?', () => {
    expect(splitHash('#//a//b?')).toEqual(['/a//b', '']);
    expect(splitHash('a?x=1?y=2')).toEqual(['/a', 'x=1?y=2']);
    expect(splitHash('#?q')).toEqual(['/', 'q']);
  });

  it('prefers the real query’s token and leaves the rest of the address as it was', () => {
    expect(takeLinkToken('http://h/p?userToken=a#/x?userToken=b')).toEqual({ token: 'a', cleanHref: 'http://h/p#/' });
    expect(takeLinkToken('http://h/p?userToken=#/x')).toEqual({ token: null, cleanHref: 'http://h/p?userToken=#/x' });
  });
});
