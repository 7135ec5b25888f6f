import { describe, expect, it } from 'vitest';
import type { TUserInfo } from '@tracehub/contract';
import { sessionProblem } from '../src/features/auth/sessionCheck';
import { en } from '../src/i18n/locales/en';
import { zh } from '../src/i18n/locales/zh';

const info = { userId: 1, username: 'demo-auto', roles: ['admin'] } as unknown as TUserInfo;

describe('the session checks of a first load (spec 5)', () => {
  it('accepts user info with roles', () => {
    expect(sessionProblem(info)).toBeNull();
  });

  it('refuses an empty answer, and one without roles, with the spec texts in both languages', () => {
    expect(sessionProblem(null)).toBe('common.sessionCheck.empty');
    expect(sessionProblem(undefined)).toBe('common.sessionCheck.empty');
    expect(sessionProblem({ ...info, roles: [] })).toBe('common.sessionCheck.roles');
    expect(sessionProblem({ ...info, roles: null } as unknown as TUserInfo)).toBe(
      'common.sessionCheck.roles',
    );
    expect(en.common.sessionCheck).toEqual({
      empty: 'Verification failed, please Login again.',
      roles: 'getInfo: roles must be a non-null array!',
    });
    expect(zh.common.sessionCheck.empty).toBe('验证失败，请重新登录');
  });
});
