import type { TFunction } from 'i18next';
import { identify } from '../../i18n/locales/zh/identify';

type TKnownVerifier = keyof typeof identify.verifier;

const isKnown = (name: string): name is TKnownVerifier =>
  Object.prototype.hasOwnProperty.call(identify.verifier, name);

/** The third-party verifier's name in the current language; a verifier we do not know shows its own name. */
export function verifierName(name: string, t: TFunction): string {
  return isKnown(name) ? t(`identify.verifier.${name}`) : name;
}
