import i18n from 'i18next';
import type { ParseKeysWithoutVariables } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANG, LANGS, type TLang } from '@tracehub/contract';
import { zh, type TLocale } from './locales/zh';

/** Cookie that keeps the chosen language (spec 2.5, 9). */
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_DAYS = 365;

export function isLang(value: unknown): value is TLang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function storedLang(): TLang {
  const value = Cookies.get(LOCALE_COOKIE);
  return isLang(value) ? value : DEFAULT_LANG;
}

function applyLangToPage(lang: TLang): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

// Chinese, the default and the fallback, is bundled; another language's texts are a chunk of their own,
// fetched before the first render that needs them (loadLang), so the sign-in page carries one language.
const LOADERS: Record<Exclude<TLang, 'zh'>, () => Promise<TLocale>> = {
  en: () => import('./locales/en').then((m) => m.en),
};

/** Makes sure the texts of `lang` are loaded; resolves at once for the bundled default. */
export async function loadLang(lang: TLang): Promise<void> {
  if (lang === 'zh' || i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await LOADERS[lang]());
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLangToPage(storedLang());

/**
 * `{{field, inSentence}}`: a field's name inside an English sentence ("Enter document number"): its first
 * letter lowercased unless the name is an abbreviation (VIN/SN, USCI).
 */
export const inSentence = (name: string): string =>
  /^[A-Z](?![A-Z])/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
i18n.services.formatter?.add('inSentence', (value: unknown) =>
  typeof value === 'string' ? inSentence(value) : String(value),
);

export function currentLang(): TLang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Switches the language everywhere: texts, antd and dayjs locales, the cookie and the html lang. */
export async function changeLang(lang: TLang): Promise<void> {
  await loadLang(lang);
  Cookies.set(LOCALE_COOKIE, lang, { expires: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'lax' });
  applyLangToPage(lang);
  await i18n.changeLanguage(lang);
}

/** The current language; components using it re-render when the language changes. */
export function useLang(): TLang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : DEFAULT_LANG;
}

export { i18n };
export { pickLangText } from './text';

/** A translation key that takes no variables: what declarations (columns, pages, fields) refer to. */
export type TI18nKey = ParseKeysWithoutVariables;
