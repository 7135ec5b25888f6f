import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, type TEnterpriseListItem } from '@tracehub/contract';
import { avatarColour, avatarText, enterpriseStatus } from '../src/features/auth/enterpriseDisplay';

const item = (over: Partial<TEnterpriseListItem>): TEnterpriseListItem => ({
  id: 1,
  enterpriseUuid: 'u',
  enterpriseName: '星河汽车股份有限公司',
  enterpriseEnglishName: 'Galaxy Motors Co., Ltd.',
  chineseNameShorter: '星河汽车',
  englishNameShorter: 'galaxy Motors',
  examineStatus: 1,
  gmtModified: 0,
  lastLogin: 'N',
  certified: true,
  ...over,
});

describe('select-enterprise rows', () => {
  it('abbreviates: 4 Chinese characters in zh, a capital first letter in en, each falling back', () => {
    expect(avatarText(item({}), 'zh')).toBe('星河汽车');
    expect(avatarText(item({ chineseNameShorter: null }), 'zh')).toBe('星河汽车');
    expect(avatarText(item({}), 'en')).toBe('G');
    expect(avatarText(item({ englishNameShorter: null, enterpriseEnglishName: 'hengxin' }), 'en')).toBe('H');
    expect(avatarText(item({ englishNameShorter: null, enterpriseEnglishName: null }), 'en')).toBe(
      '星河汽车',
    );
  });

  it('rotates six avatar colours by row index', () => {
    expect(avatarColour(0)).toBe(AVATAR_COLOURS[0]);
    expect(avatarColour(6)).toBe(AVATAR_COLOURS[0]);
    expect(avatarColour(7)).toBe(AVATAR_COLOURS[1]);
  });

  it('reads 0 as pending, 2 as rejected and anything else as usable', () => {
    expect(enterpriseStatus({ examineStatus: 0 })).toBe('pending');
    expect(enterpriseStatus({ examineStatus: 2 })).toBe('rejected');
    expect(enterpriseStatus({ examineStatus: 1 })).toBe('usable');
    expect(enterpriseStatus({ examineStatus: 7 })).toBe('usable');
  });
});
