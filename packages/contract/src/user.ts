import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ZEnterpriseListItem } from './auth.ts';
import { ZMenuNode } from './menu.ts';

export const ZScene = z.enum(['US', 'EU', 'US&EU']);
export type TScene = z.infer<typeof ZScene>;

/** User info (spec section 3, "User and session"). */
export const ZUserInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  chineseName: z.string().nullable(),
  englishName: z.string().nullable(),
  introduction: z.string().nullable(),
  /** 0 not certified, 1 certification submitted, 2 certified. */
  authStatus: z.number().int(),
  enterpriseUuid: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  enterpriseEnglishName: z.string().nullable(),
  /** 1 = automaker (spec 6). */
  enterpriseRole: z.number().int().nullable(),
  scene: ZScene.nullable(),
  enterpriseDid: z.string().nullable(),
  chainAccount: z.string().nullable(),
  isEnterpriseAdmin: z.boolean(),
  unreadMessage: z.number().int(),
  userPictureFileUrl: z.string().nullable(),
  sessionTimeoutMinutes: z.number().int(),
  lastLoginTime: z.number().int().nullable(),
  enterprises: z.array(ZEnterpriseListItem),
  /** The console always acts as 'admin' for its own route generation; real checks use permission codes. */
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /**
   * Why the member sees what it sees and whom to ask for more: its roles in the current enterprise (name,
   * English name) and the enterprise's administrator (null without an enterprise).
   */
  access: z.object({
    roleNames: z.array(z.object({ name: z.string(), nameEn: z.string().nullable() })),
    administrator: z
      .object({
        username: z.string(),
        chineseName: z.string().nullable(),
        englishName: z.string().nullable(),
        email: z.string(),
      })
      .nullable(),
  }),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const userEndpoints = {
  selectUserInfo: endpoint({
    method: 'POST',
    path: '/profile/selectUserInfo',
    input: z.object({}).default({}),
    output: ZUserInfo,
    auth: 'session',
    tag: 'user',
    summary: 'The signed-in user, the current enterprise and the switchable enterprises',
  }),
  selectMenusByUserId: endpoint({
    method: 'POST',
    path: '/menu/selectMenusByUserId',
    input: z.object({ userId: z.number().int().optional() }).default({}),
    output: z.array(ZMenuNode),
    auth: 'session',
    tag: 'user',
    summary: "The menu tree filtered by the member's role codes in the current enterprise",
  }),
};
