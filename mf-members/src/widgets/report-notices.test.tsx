/** ./ReportNotices (issue 26 part 1): a handled report and a moderator's warning, shown once. */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession } from '@dating/shared-kit/state';
import { loginAs, serve } from '../test-utils';
import ReportNotices from './report-notices';

jest.setTimeout(20_000);
beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
});
afterEach(() => act(() => setSession(null)));

describe('ReportNotices', () => {
  it('shows the warning and the handled report; "Begrepen" marks each shown, so it does not come back', async () => {
    loginAs();
    let unseen = [
      { id: 4, kind: 'warning', created_at: '2026-11-26T10:00:00.000Z' },
      { id: 5, kind: 'report_handled', created_at: '2026-11-26T11:00:00.000Z' },
    ];
    const calls = serve({
      'GET /api/notices.php': () => ({ notices: unseen }),
      'POST /api/notices.php': (_url, init) => {
        const ids = (init.json as { ids: number[] }).ids;
        unseen = unseen.filter((n) => !ids.includes(n.id));
        return { ok: true, seen: ids.length };
      },
    });
    const user = userEvent.setup();
    const view = render(<ReportNotices />);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Waarschuwing van de moderatie');
    expect(warning).toHaveTextContent('bij herhaling kan je account worden geblokkeerd');
    expect(screen.getByRole('status')).toHaveTextContent('Je melding is behandeld');
    await user.click(within(warning).getByRole('button', { name: 'Begrepen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [4] }]);

    // the next visit: only what was not marked
    view.unmount();
    render(<ReportNotices />);
    expect(await screen.findByRole('status')).toHaveTextContent('Je melding is behandeld');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('nothing for a visitor (no call)', async () => {
    act(() => setSession(null));
    const calls = serve({});
    const { container } = render(<ReportNotices />);
    await new Promise((r) => setTimeout(r, 30));
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });
});
