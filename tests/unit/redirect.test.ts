import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, splitHash, takeLinkToken } from '../../src/lib/redirect.ts';

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
