import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser title to "<page title> - <product>" in the current language (spec 2.5). */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const suffix = t('common.titleSuffix');
  const product = t('common.productName');
  useEffect(() => {
    document.title = title ? `${title} - ${suffix}` : product;
  }, [title, suffix, product]);
}
