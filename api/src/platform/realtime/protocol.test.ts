/**
 * The realtime channel's payloads as the hub reads them (protocol.ts): what each one tells which
 * member's screen, and that a payload this server cannot read tells nobody anything.
 */
import { framesOf, parseNotification } from './protocol';
import type { RealtimeNotification } from './protocol';

function frames(payload: string) {
  const n = parseNotification(payload);
  if (!n) throw new Error(`not parsed: ${payload}`);
  return framesOf(n);
}

test('a read receipt reaches both members of the conversation', () => {
  expect(frames('r:7:11:12:99')).toEqual([{ to: [12, 11], frame: { type: 'read', conversation: 7, reader: 11, up_to: 99 } }]);
});

test('a deleted chat reaches every member listed, a deleted message both sides', () => {
  expect(frames('cd:5:3,4')).toEqual([{ to: [3, 4], frame: { type: 'chat:deleted', conversation: 5 } }]);
  expect(frames('md:40:5:3:4')).toEqual([{ to: [3, 4], frame: { type: 'message:deleted', conversation: 5, id: 40 } }]);
});

test('a rejected photo tells its owner why; an unknown reason is "other", an approved photo has none', () => {
  expect(frames('ph:8:3:rejected:nudity')[0]?.frame).toMatchObject({ status: 'rejected', rejection_reason: 'nudity' });
  expect(frames('ph:8:3:rejected:whatever')[0]?.frame).toEqual({
    type: 'photo:moderated',
    photo: 8,
    status: 'rejected',
    rejection_reason: 'other',
  });
  expect(frames('ph:8:3:active:-')).toEqual([
    { to: [3], frame: { type: 'photo:moderated', photo: 8, status: 'active', rejection_reason: null } },
  ]);
});

test('a balance is sent to its member; below 0 no frame', () => {
  expect(frames('c:3:120')).toEqual([{ to: [3], frame: { type: 'credits:changed', credits: 120 } }]);
  expect(frames('c:3:-1')).toEqual([]);
});

test('a chatpal conversation change goes to the operators only', () => {
  expect(frames('oi:9')).toEqual([{ to: 'operators', frame: { type: 'operator:inbox', conversation: 9 } }]);
});

test('messages, likes and confirmations carry no frame of their own: the chat module reads them', () => {
  expect(parseNotification('m:40:3:4')).toEqual<RealtimeNotification>({ kind: 'm', id: 40, sender: 3, recipient: 4 });
  for (const p of ['m:40:3:4', 'l:3:4', 'confirmed:3']) expect(frames(p)).toEqual([]);
});

test('a payload that is unknown or has a non-number id is not read', () => {
  for (const p of ['', 'zz:1', 'm:abc:3:4', 't:1:2', 'ban:', 'r:1:2:3']) expect(parseNotification(p)).toBeNull();
});
