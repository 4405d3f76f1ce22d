/** A staff list as a table that scrolls sideways on a narrow screen, with its empty state. */
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
