/**
 * The realtime channel's protocol: the NOTIFY payloads (notify.ts lists them; some come from
 * triggers, so the strings are the wire format) read into typed notifications, and the browser
 * frames of those that need no database read. The hub (hub.ts) sends these frames itself; the
 * others ('m', 'l', 'confirmed') go to the handlers a module registers (chat/live.ts).
 */
import { ZPhotoRejectReason } from '@dating/shared-kit/contracts';
import type { PhotoRejectReason, WsServerFrame } from '@dating/shared-kit/contracts';

export type RealtimeNotification =
  | { kind: 'm'; id: number; sender: number; recipient: number }
  | { kind: 'md'; id: number; conversation: number; a: number; b: number }
  | { kind: 'cd'; conversation: number; members: number[] }
  | { kind: 't'; conversation: number; from: number; to: number }
  | { kind: 'r'; conversation: number; reader: number; other: number; upTo: number }
  | { kind: 'c'; userId: number; credits: number }
  | { kind: 'l'; liker: number; liked: number }
  | { kind: 'confirmed'; userId: number }
  | { kind: 'ph'; photo: number; owner: number; status: 'active' | 'rejected'; reason: PhotoRejectReason | null }
  | { kind: 'ban'; userId: number }
  | { kind: 'oi'; conversation: number };

export type RealtimeKind = RealtimeNotification['kind'];

/** The ids of `parts`, or null when one is not an integer. */
function ints(parts: readonly string[], count: number): number[] | null {
  const given = parts.slice(0, count);
  const n = given.map(Number);
  return n.length === count && given.every((p) => p !== '') && n.every(Number.isInteger) ? n : null;
}

/** A payload of channel `realtime` as a notification; null for one this server does not know. */
export function parseNotification(payload: string): RealtimeNotification | null {
  const [kind, ...rest] = payload.split(':');
  switch (kind) {
    case 'm': {
      const n = ints(rest, 3) as [number, number, number] | null;
      return n && { kind, id: n[0], sender: n[1], recipient: n[2] };
    }
    case 'md': {
      const n = ints(rest, 4) as [number, number, number, number] | null;
      return n && { kind, id: n[0], conversation: n[1], a: n[2], b: n[3] };
    }
    case 'cd': {
      const n = ints(rest, 1) as [number] | null;
      const members = (rest[1] ?? '')
        .split(',')
        .filter((p) => p !== '')
        .map(Number)
        .filter(Number.isInteger);
      return n && { kind, conversation: n[0], members };
    }
    case 't': {
      const n = ints(rest, 3) as [number, number, number] | null;
      return n && { kind, conversation: n[0], from: n[1], to: n[2] };
    }
    case 'r': {
      const n = ints(rest, 4) as [number, number, number, number] | null;
      return n && { kind, conversation: n[0], reader: n[1], other: n[2], upTo: n[3] };
    }
    case 'c': {
      const n = ints(rest, 2) as [number, number] | null;
      return n && { kind, userId: n[0], credits: n[1] };
    }
    case 'l': {
      const n = ints(rest, 2) as [number, number] | null;
      return n && { kind, liker: n[0], liked: n[1] };
    }
    case 'confirmed':
    case 'ban': {
      const n = ints(rest, 1) as [number] | null;
      return n && { kind, userId: n[0] };
    }
    case 'oi': {
      const n = ints(rest, 1) as [number] | null;
      return n && { kind, conversation: n[0] };
    }
    case 'ph': {
      // ph:<photo>:<owner>:<active|rejected>:<reason|->  (members/moderation.ts)
      const n = ints(rest, 2) as [number, number] | null;
      const status = rest[2] === 'rejected' ? 'rejected' : 'active';
      const reason = ZPhotoRejectReason.safeParse(rest[3]);
      return (
        n && { kind, photo: n[0], owner: n[1], status, reason: status === 'rejected' ? (reason.success ? reason.data : 'other') : null }
      );
    }
    default:
      return null;
  }
}

/** A frame for the sockets of these members, or of every operator (staff with the operator role). */
export interface Delivery {
  to: readonly number[] | 'operators';
  frame: WsServerFrame;
}

/** The frames of a notification that carries all they say (no database read); [] for the others. */
export function framesOf(n: RealtimeNotification): Delivery[] {
  switch (n.kind) {
    case 'md':
      return [{ to: [n.a, n.b], frame: { type: 'message:deleted', conversation: n.conversation, id: n.id } }];
    case 'cd':
      return [{ to: n.members, frame: { type: 'chat:deleted', conversation: n.conversation } }];
    case 't':
      return [{ to: [n.to], frame: { type: 'typing', conversation: n.conversation, profile: n.from } }];
    case 'r':
      return [{ to: [n.other, n.reader], frame: { type: 'read', conversation: n.conversation, reader: n.reader, up_to: n.upTo } }];
    case 'c':
      // no frame for a balance below 0 (its members' answers are forgotten all the same: hub.ts)
      return n.credits >= 0 ? [{ to: [n.userId], frame: { type: 'credits:changed', credits: n.credits } }] : [];
    case 'oi':
      // a chatpal conversation changed: every operator's console reloads (ids only, no content)
      return [{ to: 'operators', frame: { type: 'operator:inbox', conversation: n.conversation } }];
    case 'ph':
      return [{ to: [n.owner], frame: { type: 'photo:moderated', photo: n.photo, status: n.status, rejection_reason: n.reason } }];
    default:
      return [];
  }
}
