import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket as ServerSocket } from 'ws';
import { bus, resetBusForTests } from '../bus';
import { connectStateToBus, resetBannedSession, sessionAtom, setBanNavigation, setSession, store, badgesAtom } from '../state';
import { makeProfile, makeUser } from '../testing';
import { isRealtimeConnected, startRealtime } from './index';
import type { RealtimeConnection } from './index';

// A real WebSocket server on a free port; the client is the browser's (jsdom's) WebSocket.
let server: WebSocketServer;
let url: string;
const connections: { socket: ServerSocket; url: string }[] = [];
let connection: RealtimeConnection | undefined;

beforeEach(async () => {
  resetBusForTests();
  connectStateToBus();
  setSession(makeUser({ id: 1, profile: makeProfile({ id: 1, name: 'Jan' }), unread_messages: 2, new_likes: 0 }));
  connections.length = 0;
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket, request) => connections.push({ socket, url: request.url ?? '' }));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws`;
});

afterEach(async () => {
  connection?.stop();
  connection = undefined;
  for (const c of connections) c.socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const message = (id: number, sender: number) => ({
  id,
  conversation: 5,
  sender,
  recipient: sender === 1 ? 7 : 1,
  type: 'text',
  body: `hallo ${id}`,
  image: null,
  gift: null,
  credits: 10,
  created_at: '2026-11-24T05:00:00.000Z',
  deleted: false,
  read: false,
});

describe('realtime socket', () => {
  it('a held message of mine comes again when a moderator releases or rejects it (issue 26); a repeat of the same state does not', async () => {
    const seen: string[] = [];
    bus.on('chat:message', ({ message: m }) => seen.push(`${m.id} ${m.held ? (m.held_rejected ? 'rejected' : 'held') : 'delivered'}`));
    connection = startRealtime({ url });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    const send = (frame: unknown) => connections[0]?.socket.send(JSON.stringify(frame));
    send({ type: 'message:new', message: { ...message(50, 1), held: true, credits: 0 } });
    send({ type: 'message:new', message: { ...message(50, 1), held: true, credits: 0 } });
    send({ type: 'message:new', message: message(50, 1) });
    send({ type: 'message:new', message: { ...message(51, 1), held: true, credits: 0 } });
    send({ type: 'message:new', message: { ...message(51, 1), held: true, held_rejected: true, credits: 0 } });
    send({ type: 'message:new', message: message(50, 1) });
    await until(() => seen.length === 4, 'four messages');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['50 held', '50 delivered', '51 held', '51 rejected']);
  });

  it('publishes each frame on the bus and moves the badges at once', async () => {
    const seen: string[] = [];
    bus.on('chat:message', ({ message: m }) => seen.push(`message ${m.id}`));
    bus.on('chat:typing', ({ conversation, profile }) => seen.push(`typing ${conversation} ${profile}`));
    bus.on('chat:read', ({ up_to }) => seen.push(`read ${up_to}`));
    bus.on('chat:deleted', ({ conversation }) => seen.push(`deleted ${conversation}`));
    bus.on('match:new', ({ profile }) => seen.push(`match ${profile.name}`));
    bus.on('credits:changed', ({ credits }) => seen.push(`credits ${credits}`));
    connection = startRealtime({ url });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    const [first] = connections;
    const send = (frame: unknown) => first?.socket.send(JSON.stringify(frame));
    send({ type: 'message:new', message: message(40, 7) });
    send({ type: 'typing', conversation: 5, profile: 7 });
    send({ type: 'read', conversation: 5, reader: 7, up_to: 39 });
    send({ type: 'match:new', profile: { id: 7, name: 'Sanne', main_image: null, fictional: false } });
    send({ type: 'credits:changed', credits: 15 });
    send({ type: 'like:new', profile: { id: 8, name: 'Roos', main_image: null, fictional: true }, new_likes: 3 });
    send({ type: 'chat:deleted', conversation: 5 });
    await until(() => seen.length === 6, 'six events');
    expect(seen).toEqual(['message 40', 'typing 5 7', 'read 39', 'match Sanne', 'credits 15', 'deleted 5']);
    // a message to me: unread 2 -> 3; like:new carries the new total
    expect(store.get(badgesAtom)).toEqual({ unread: 3, newLikes: 3 });
  });

  it('tells the photos page about a moderated photo, and a banned account goes to the ban page, logged out', async () => {
    const moderated: unknown[] = [];
    const loggedOut = jest.fn();
    const went: string[] = [];
    setBanNavigation((path) => went.push(path));
    resetBannedSession();
    bus.on('photo:moderated', (e) => moderated.push(e));
    bus.on('auth:logged-out', loggedOut);
    connection = startRealtime({ url });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    const send = (frame: unknown) => connections[0]?.socket.send(JSON.stringify(frame));
    send({ type: 'photo:moderated', photo: 12, status: 'rejected', rejection_reason: 'nudity' });
    send({ type: 'account:banned' });
    send({ type: 'account:banned' });
    await until(() => went.length > 0 && moderated.length === 1, 'the ban page');
    expect(moderated).toEqual([{ photo: 12, status: 'rejected', rejection_reason: 'nudity' }]);
    expect(store.get(sessionAtom)).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(went).toEqual(['/pages/ban']);
  });

  it('does not count my own message (sent from another tab) as unread', async () => {
    const got: number[] = [];
    bus.on('chat:message', ({ message: m }) => got.push(m.id));
    connection = startRealtime({ url });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    connections[0]?.socket.send(JSON.stringify({ type: 'message:new', message: message(41, 1) }));
    connections[0]?.socket.send(JSON.stringify({ type: 'message:new', message: message(42, 7) }));
    await until(() => got.length === 2, 'both messages');
    expect(store.get(badgesAtom).unread).toBe(3);
  });

  it('pings, and replaces a socket whose pong does not come', async () => {
    const pings: string[] = [];
    connection = startRealtime({ url, pingEveryMs: 30, pongTimeoutMs: 40, minDelayMs: 10, random: () => 1 });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    // this server never answers the ping: after the timeout the client gives up on the socket and reconnects
    connections[0]?.socket.on('message', (data) => pings.push(String(data)));
    await until(() => connections.length === 2, 'a new socket');
    expect(pings[0]).toBe('{"type":"ping"}');
    // a server that answers keeps the socket
    connections[1]?.socket.on('message', () => connections[1]?.socket.send(JSON.stringify({ type: 'pong' })));
    await new Promise((r) => setTimeout(r, 200));
    expect(connections).toHaveLength(2);
    expect(isRealtimeConnected()).toBe(true);
  });

  it('drops malformed frames and frames of unknown types without breaking the socket', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const got: number[] = [];
    bus.on('chat:message', ({ message: m }) => got.push(m.id));
    connection = startRealtime({ url });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    const socket = connections[0]?.socket;
    socket?.send('not json');
    socket?.send(JSON.stringify({ type: 'message:new', message: { id: 'x' } }));
    socket?.send(JSON.stringify({ type: 'some:future-frame', x: 1 }));
    socket?.send(JSON.stringify({ type: 'message:new', message: message(43, 7) }));
    await until(() => got.length === 1, 'the good frame');
    expect(got).toEqual([43]);
    expect(errors).toHaveBeenCalledTimes(2); // not JSON, malformed message:new; the unknown type is quiet
  });

  it('reconnects after the connection drops, asking for what came after the last message seen', async () => {
    const status: boolean[] = [];
    bus.on('realtime:state', ({ connected }) => status.push(connected));
    const got: number[] = [];
    bus.on('chat:message', ({ message: m }) => got.push(m.id));
    connection = startRealtime({ url, minDelayMs: 20, maxDelayMs: 100, random: () => 1 });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    expect(connections[0]?.url).toBe('/api/ws');
    connections[0]?.socket.send(JSON.stringify({ type: 'message:new', message: message(50, 7) }));
    await until(() => got.length === 1, 'message 50');
    connections[0]?.socket.terminate();
    await until(() => connections.length === 2, 'the reconnect');
    expect(connections[1]?.url).toBe('/api/ws?last_id=50');
    // the server replays what came after 50, then says it is done
    connections[1]?.socket.send(JSON.stringify({ type: 'message:new', message: message(51, 7) }));
    connections[1]?.socket.send(JSON.stringify({ type: 'ready', last_id: 51 }));
    await until(() => got.length === 2, 'the replayed message');
    expect(status).toEqual([true, false, true]);
    expect(connection.lastId).toBe(51);
  });

  it('a 1012 close (service restart) reconnects at once, without the back-off', async () => {
    // a back-off of a minute: only the immediate reconnect can come within the wait below
    connection = startRealtime({ url, minDelayMs: 60_000, maxDelayMs: 60_000, random: () => 1 });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    connections[0]?.socket.send(JSON.stringify({ type: 'message:new', message: message(70, 7) }));
    await until(() => connection?.lastId === 70, 'message 70');
    connections[0]?.socket.close(1012, 'service restart');
    await until(() => connections.length === 2, 'the immediate reconnect');
    expect(connections[1]?.url).toBe('/api/ws?last_id=70');
  });

  it('a message the catch-up sends again (its margin before last_id) is published once; one that committed late is published', async () => {
    const got: number[] = [];
    bus.on('chat:message', ({ message: m }) => got.push(m.id));
    connection = startRealtime({ url, minDelayMs: 20, maxDelayMs: 100, random: () => 1 });
    await until(() => connections.length === 1 && isRealtimeConnected(), 'the socket');
    for (const id of [60, 62]) connections[0]?.socket.send(JSON.stringify({ type: 'message:new', message: message(id, 7) }));
    await until(() => got.length === 2, 'messages 60 and 62');
    connections[0]?.socket.terminate();
    await until(() => connections.length === 2, 'the reconnect');
    expect(connections[1]?.url).toBe('/api/ws?last_id=62');
    // the replay: 60 again (already here), 61 (committed after 62 was seen), 63 (new)
    for (const id of [60, 61, 63]) connections[1]?.socket.send(JSON.stringify({ type: 'message:new', message: message(id, 7) }));
    connections[1]?.socket.send(JSON.stringify({ type: 'ready', last_id: 63 }));
    await until(() => got.length === 4, 'the replayed messages');
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([60, 62, 61, 63]);
  });

  it('backs off while the server is away and stops for good on stop()', async () => {
    connection = startRealtime({ url, minDelayMs: 20, maxDelayMs: 40, random: () => 1 });
    await until(() => connections.length === 1, 'the socket');
    // refuse every new connection for a while
    server.removeAllListeners('connection');
    let refused = 0;
    server.on('connection', (socket) => {
      refused += 1;
      socket.close(4001);
    });
    connections[0]?.socket.terminate();
    await until(() => refused >= 3, 'three attempts');
    // each refused attempt opens for a moment before its close arrives: not connected once it has
    await until(() => !isRealtimeConnected(), 'not connected');
    connection.stop();
    const after = refused;
    await new Promise((r) => setTimeout(r, 150));
    expect(refused).toBe(after);
  });
});
