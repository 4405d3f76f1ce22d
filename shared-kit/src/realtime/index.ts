/** `@dating/shared-kit/realtime`: the tab's WebSocket to /api/ws, publishing its frames on the bus. */
export {
  PING_EVERY_MS,
  PONG_TIMEOUT_MS,
  REALTIME_PATH,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  isRealtimeConnected,
  publishFrame,
  startRealtime,
} from './socket';
export type { RealtimeConnection, RealtimeOptions } from './socket';
