import { useTranslation } from '@dating/shared-kit/i18n';

/** Date and time in the page's language (staff lists). */
export function useDateTime(): (value: string | null) => string {
  const { i18n } = useTranslation();
  return (value) =>
    value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '–';
}
