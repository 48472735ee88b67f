import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** domain.md §1.2: the page title is the product name plus the page title. */
export function usePageTitle(titleKey: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('app.name')} – ${t(titleKey)}`;
  }, [t, titleKey]);
}
