import 'i18next';
import type { TLocale } from './locales/zh';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TLocale };
    returnNull: false;
  }
}
