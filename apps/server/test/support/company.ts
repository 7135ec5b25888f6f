import type { FastifyInstance } from 'fastify';
import {
  chineseIdCheckChar,
  usciCheckChar,
  type TAddress,
  type TCompanyForm,
  type TSessionToken,
} from '@tracehub/contract';
import { DEMO_PASSWORD, call, signIn } from './app.ts';
import { jpegBytes, pngBytes, upload } from './files.ts';
import { expectOk, latestCodeFor } from './helpers.ts';
import type { Db } from '../../src/db/client.ts';

/** A USCI with a correct check character. */
export const usciFrom = (first17: string): string => first17 + usciCheckChar(first17)!;

/** Registry companies of the demo seed that nobody has applied for. */
export const EAST_CHINA = {
  usci: usciFrom('91330100MA2H6R8T1'),
  name: '华东新材料科技有限公司',
  englishName: 'East China New Materials Technology Co., Ltd.',
};
export const LINGNAN = {
  usci: usciFrom('91440101MA5D2N4Q9'),
  name: '岭南电子元件有限公司',
  englishName: 'Lingnan Electronic Components Co., Ltd.',
};
/** demo-applicant's seeded application waits in the queue for this one. */
export const JIANGNAN = {
  usci: usciFrom('91320211MA1W3K5P7'),
  name: '江南精密部件有限公司',
  englishName: 'Jiangnan Precision Parts Co., Ltd.',
};

export const HANGZHOU: TAddress = {
  country: 'CN',
  province: '浙江省',
  city: '杭州市',
  area: '余杭区',
  areaEn: 'Yuhang District',
  detail: '文一西路 969 号',
  detailEn: 'No. 969 Wenyi West Road, Yuhang District, Hangzhou',
  longitude: 120.0266,
  latitude: 30.2793,
};

export const VALID_ID_NUMBER = '11010519491231002' + chineseIdCheckChar('11010519491231002')!;

export type Uploads = Pick<TCompanyForm, 'businessLicence' | 'idPhotoFront' | 'idPhotoBack'>;

/** The licence (PNG) and both ID photos (JPEG) of an applicant. */
export async function uploadCompanyFiles(app: FastifyInstance, token: string): Promise<Uploads> {
  const key = async (bizType: string, fileName: string, content: Buffer) =>
    expectOk(await upload(app, { token, bizType, fileName, content })).fileKey;
  return {
    businessLicence: await key('businessLicence', 'licence.png', pngBytes(12)),
    idPhotoFront: await key('idPhoto', 'front.jpg', jpegBytes()),
    idPhotoBack: await key('idPhoto', 'back.jpg', jpegBytes()),
  };
}

/** A complete company form for a company; override what a case needs. */
export function companyForm(
  company: { usci: string; name: string; englishName: string },
  uploads: Uploads,
  over: Partial<TCompanyForm> = {},
): TCompanyForm {
  return {
    ...company,
    chineseShort: '',
    englishShort: '',
    businessTermFrom: '2015-01-01',
    businessTermTo: null,
    registeredAddress: HANGZHOU,
    operationAddress: HANGZHOU,
    legalPersonName: '李明',
    legalPersonIdType: 'cnResident',
    legalPersonIdNumber: VALID_ID_NUMBER,
    legalPersonIdValidFrom: '2020-01-01',
    legalPersonIdValidTo: '2040-01-01',
    ...uploads,
    businessAttribute: 'manufacturing',
    steelAttributes: [],
    scene: 'EU',
    deploymentMethod: 'distributed',
    automaker: false,
    ...over,
  };
}

/** A new account registered through the API (e-mail code read from the outbox), signed in without enterprise. */
export async function registerAccount(app: FastifyInstance, db: Db, username: string): Promise<string> {
  const email = `${username}@example.com`;
  expectOk(await call(app, '/login/getLoginMailVerifyCode', { body: { email, purpose: 'register' } }));
  const code = await latestCodeFor(db, email);
  expectOk(
    await call(app, '/enterpriseUserRel/anonymous/enterpriseUserRelCommit', {
      body: {
        username,
        email,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        code,
        agreement: true,
      },
    }),
  );
  return signIn(app, username, null);
}

export async function operatorSignIn(app: FastifyInstance): Promise<string> {
  return expectOk(
    await call<TSessionToken>(app, '/operator/login', {
      body: { loginAccount: 'operator', password: DEMO_PASSWORD },
    }),
  ).token;
}
