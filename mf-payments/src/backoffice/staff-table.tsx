/** A staff list as a table that scrolls sideways on a narrow screen, with its empty state. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { colors } from '@dating/shared-kit/theme';

export const cell = { padding: '0.5rem 0.6rem', textAlign: 'start', borderBottom: `1px solid ${colors.border}`, verticalAlign: 'top' } as const;

export function StaffTable({ caption, headers, rows, empty }: { caption: string; headers: string[]; rows: ReactNode[]; empty: string }) {
  if (rows.length === 0) return <p role="status">{empty}</p>;
  return (
    <div css={{ overflowX: 'auto' }}>
      <table css={{ width: '100%', borderCollapse: 'collapse', background: colors.surface, fontSize: '0.9375rem' }}>
        <caption css={{ textAlign: 'start', fontWeight: 600, padding: '0.5rem 0' }}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" css={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

export const PAGE_SIZE = 50;

/** A whole list filtered by a search text (case-insensitive, on what `text` gives) and cut into pages of 50. */
export function useFilteredPage<T>(items: readonly T[], text: (item: T) => string) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const needle = q.trim().toLowerCase();
  const matching = needle ? items.filter((item) => text(item).toLowerCase().includes(needle)) : items;
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return {
    q,
    search: (value: string) => {
      setQ(value);
      setPage(1);
    },
    page: current,
    setPage,
    total: matching.length,
    shown: matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
  };
}
