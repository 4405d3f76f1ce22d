/** Issue 27 item 4: the shell reports mounts, load and render errors per remote and build id with sendBeacon. */
import { act, screen } from '@testing-library/react';
import { init } from '@module-federation/enhanced/runtime';
import { renderInShell } from '../test/render';
import { RemoteMount } from './remote-boundary';
import { initFederation, RemoteRoutes } from './remote-loader';
import { fallbackPlugin } from './runtime-plugins';
import { CLIENT_EVENTS_URL, flushClientEvents, reportClientEvent, resetClientEvents, setRemoteBuilds } from './client-events';

jest.mock('@module-federation/enhanced/runtime', () => {
  const actual = jest.requireActual('@module-federation/enhanced/runtime');
  return { ...actual, loadRemote: jest.fn() };
});
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };

/** jsdom's Blob has no text() */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const beacon = jest.fn((_url: string, _body: Blob) => true);

/** Every event sent so far, with the beacons' URL and content type checked. */
async function sentEvents(): Promise<Array<{ remote: string; build_id: string; type: string }>> {
  const out = [];
  for (const [url, body] of beacon.mock.calls) {
    expect(url).toBe(CLIENT_EVENTS_URL);
    expect(body.type).toBe('application/json');
    const parsed = JSON.parse(await blobText(body)) as { events: Array<{ remote: string; build_id: string; type: string }> };
    out.push(...parsed.events);
  }
  return out;
}

beforeAll(() => {
  init({ name: 'shell', remotes: [] });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});

beforeEach(() => {
  resetClientEvents();
  beacon.mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setRemoteBuilds([
    { name: 'mf_payments', build_id: 'pay-2' },
    { name: 'mf_chat', build_id: 'chat-1' },
  ]);
});

afterEach(() => {
  jest.useRealTimers();
  document.head.querySelectorAll('meta[name^="mf-build:"]').forEach((m) => m.remove());
});

function Thrower(): never {
  throw new Error('remote exploded while rendering');
}

describe('remote health reports', () => {
  it('reports a throw caught by the remote boundary as a render_error of the listed build, sent when the page is hidden', async () => {
    renderInShell(<RemoteMount remote="mf_payments">{() => <Thrower />}</RemoteMount>);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(beacon).not.toHaveBeenCalled(); // batched, not one request per event
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(await sentEvents()).toEqual([{ remote: 'mf_payments', build_id: 'pay-2', type: 'render_error' }]);
  });

  it('reports a remote that could not be loaded as a load_error, flushed on pagehide', async () => {
    const hook = fallbackPlugin().errorLoadRemote;
    if (!hook) throw new Error('errorLoadRemote missing');
    await hook({
      id: 'mf_chat/routes',
      error: new Error('ScriptNetworkError'),
      from: 'runtime',
      lifecycle: 'onLoad',
      expose: './routes',
      origin: undefined as never,
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(await sentEvents()).toEqual([{ remote: 'mf_chat', build_id: 'chat-1', type: 'load_error' }]);
  });

  it('reports a mount once the remote page rendered, with the build id /mf-remotes.json gave this page', async () => {
    initFederation({ remotes: [{ name: 'mf_payments', entry: '/mf/payments/pay-3/mf-manifest.json', build_id: 'pay-3' }] });
    runtime.loadRemote.mockResolvedValue({ routes: [{ path: '*', element: <h1>Credits kopen</h1> }] });
    renderInShell(<RemoteRoutes remote="mf_payments" pathname="/credits" />, { path: '/credits' });
    expect(await screen.findByRole('heading', { name: 'Credits kopen' })).toBeInTheDocument();
    flushClientEvents();
    expect(await sentEvents()).toEqual([{ remote: 'mf_payments', build_id: 'pay-3', type: 'mount' }]);
  });

  it('sends every ~10 s while there is something to send, and nothing when idle', async () => {
    jest.useFakeTimers();
    reportClientEvent('mf_payments', 'mount');
    reportClientEvent('mf_payments', 'mount');
    jest.advanceTimersByTime(9_000);
    expect(beacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_000);
    expect(beacon).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(await sentEvents()).toHaveLength(2);
  });

  it("uses the remote's own mf-build meta when the list named no build, and sends nothing without one", async () => {
    const meta = document.createElement('meta');
    meta.name = 'mf-build:mf_members';
    meta.content = 'members-9';
    document.head.appendChild(meta);
    reportClientEvent('mf_members', 'mount');
    reportClientEvent('mf_unknown', 'mount');
    flushClientEvents();
    expect(await sentEvents()).toEqual([{ remote: 'mf_members', build_id: 'members-9', type: 'mount' }]);
  });

  it('carries no personal data: only remote, build id and type', async () => {
    act(() => reportClientEvent('mf_chat', 'render_error'));
    flushClientEvents();
    const [event] = await sentEvents();
    expect(Object.keys(event ?? {}).sort()).toEqual(['build_id', 'remote', 'type']);
  });
});
