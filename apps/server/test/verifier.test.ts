import { describe, expect, it } from 'vitest';
import type { TCertification, TCompanyForm } from '@tracehub/contract';
import { VERIFIER_REASONS, verifierReasonText } from '@tracehub/contract';
import { normaliseCompanyName, registryVerifier, type CompanyVerifier } from '../src/platform/verifier.ts';
import { call, useTestApp } from './support/app.ts';
import {
  EAST_CHINA,
  LINGNAN,
  companyForm,
  registerAccount,
  uploadCompanyFiles,
  usciFrom,
} from './support/company.ts';
import { dbOf, expectOk } from './support/helpers.ts';

/** A third-party service that is down. */
const unavailable: CompanyVerifier = {
  name: 'offline-registry',
  async verify() {
    throw new Error('connection refused');
  },
};

describe('the third-party check', () => {
  const t = useTestApp({}, {}, { verifier: unavailable });

  it('folds full-width brackets and spaces when comparing names', () => {
    expect(normaliseCompanyName(' 阿里巴巴（中国） 网络技术有限公司 ')).toBe(
      normaliseCompanyName('阿里巴巴(中国)网络技术有限公司'),
    );
    expect(normaliseCompanyName('华为技术有限公司')).not.toBe(normaliseCompanyName('华为科技有限公司'));
  });

  it('checks the USCI, the registry entry and the name', async () => {
    const db = dbOf(t);
    const verifier = registryVerifier();
    const form = (over: Partial<TCompanyForm>) => ({ ...EAST_CHINA, ...over }) as TCompanyForm;
    expect(await verifier.verify(form({}), db)).toEqual({ passed: true, reason: null });
    expect(await verifier.verify(form({ usci: EAST_CHINA.usci.slice(0, 17) + 'X' }), db)).toEqual({
      passed: false,
      reason: 'usciChecksum',
    });
    expect(await verifier.verify(form({ usci: usciFrom('91110000MA0000009') }), db)).toEqual({
      passed: false,
      reason: 'notInRegistry',
    });
    expect(await verifier.verify(form({ name: LINGNAN.name }), db)).toEqual({
      passed: false,
      reason: 'nameMismatch',
    });
    expect(verifierReasonText('nameMismatch', 'zh')).toBe(VERIFIER_REASONS.nameMismatch.zh);
    expect(verifierReasonText('someVendorCode', 'en')).toBe('someVendorCode');
  });

  it('uses the verifier given at start-up, and returns the application when it cannot answer', async () => {
    const token = await registerAccount(t.app, dbOf(t), 'erin-cert');
    const files = await uploadCompanyFiles(t.app, token);
    const res = expectOk(
      await call<TCertification>(t.app, '/certification/submit', {
        token,
        body: companyForm(EAST_CHINA, files),
      }),
    );
    expect(res.status).toBe('returned');
    expect(res.verifierResult).toEqual({
      passed: false,
      reason: 'verifierUnavailable',
      verifier: 'offline-registry',
    });
  });
});
