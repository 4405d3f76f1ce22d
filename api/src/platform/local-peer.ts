import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * True for a request made on this machine itself: the TCP peer's own address is loopback (the
 * socket, never a header such as X-Forwarded-For, which anyone can send) and no reverse proxy
 * forwarded it (a local proxy would make every visitor's peer loopback). The gate of the
 * developer tools (the mailbox, /dev/member.php), which exist only outside production.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  const peer = req.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}
