import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { i18n } from '@dating/shared-kit/i18n';
import { renderInShell } from '../test/render';
import { RemoteMount } from './remote-boundary';
import { fallbackModule, fallbackPlugin } from './runtime-plugins';

function Thrower({ attempt }: { attempt: number }) {
  if (attempt === 0) throw new Error('remote exploded while rendering');
  return <p>Remote page loaded</p>;
}

beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('nl');
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a remote that fails is contained', () => {
  it('shows the translated unavailable message with a retry button that renders the remote again', async () => {
    const reported = jest.fn();
    const off = bus.on('remote:error', reported);
    renderInShell(<RemoteMount remote="mf_test">{(attempt) => <Thrower attempt={attempt} />}</RemoteMount>);
    expect(screen.getByRole('alert')).toHaveTextContent('Dit deel van de site is tijdelijk niet beschikbaar.');
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Remote page loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reported).toHaveBeenCalledWith({ remote: 'mf_test', message: 'remote exploded while rendering' });
    off();
  });

  it('speaks the visitor language', async () => {
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    renderInShell(<RemoteMount remote="mf_test">{(attempt) => <Thrower attempt={attempt} />}</RemoteMount>);
    expect(screen.getByRole('button', { name: i18n.t('common:errors.retry') })).toBeInTheDocument();
    expect(i18n.t('common:errors.retry')).not.toBe('Opnieuw proberen');
  });

  it('renders nothing for a failing widget, so the page around it keeps working', () => {
    renderInShell(
      <>
        <p>Page content</p>
        <RemoteMount remote="mf_test" variant="widget">
          {(attempt) => <Thrower attempt={attempt} />}
        </RemoteMount>
      </>,
    );
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('errorLoadRemote hook', () => {
  function Routes({ routes }: { routes: RouteObject[] }) {
    return useRoutes(routes);
  }

  it('resolves a remote that cannot be loaded to an "unavailable" page with a retry', async () => {
    const plugin = fallbackPlugin();
    const hook = plugin.errorLoadRemote;
    if (!hook) throw new Error('errorLoadRemote missing');
    const module = (await hook({
      id: 'mf_chat/routes',
      error: new Error('ScriptNetworkError'),
      from: 'runtime',
      lifecycle: 'onLoad',
      expose: './routes',
      origin: undefined as never,
    })) as { routes: RouteObject[] };
    renderInShell(<Routes routes={module.routes} />, { path: '/chats' });
    expect(screen.getByRole('alert')).toHaveTextContent('Dit deel van de site is tijdelijk niet beschikbaar.');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it('lets earlier stages fail so the runtime reports them at the onLoad stage', async () => {
    const hook = fallbackPlugin().errorLoadRemote;
    if (!hook) throw new Error('errorLoadRemote missing');
    await expect(
      hook({ id: '/mf/x/mf-manifest.json', error: new Error('x'), from: 'runtime', lifecycle: 'afterResolve', origin: undefined as never }),
    ).resolves.toBeUndefined();
  });

  it('gives widgets an empty component', () => {
    const module = fallbackModule('mf_payments', './TimeBonusModal') as { default: () => null };
    expect(module.default()).toBeNull();
  });
});
