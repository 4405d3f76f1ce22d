import { css } from '@emotion/react';
import { useTranslation } from '@dating/shared-kit/i18n';
import { Button } from '@dating/shared-kit/ui';

/**
 * Previous / next with "page X of Y"; a nav landmark named by `label`. `section` names the list it
 * pages in the visible text too ("Vergelijkbare leden: pagina 1 van 3"), where a page has two pagers.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
  section,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
  section?: string;
}) {
  const { t } = useTranslation('members');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      css={css`
        display: flex;
        align-items: center;
        justify-content: center;
        gap: 12px;
        margin: 20px 0;
      `}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </Button>
      <span>{section ? t('paging.sectionPageOf', { section, page, pages }) : t('paging.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </Button>
    </nav>
  );
}
