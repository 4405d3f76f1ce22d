/**
 * The chat module's public face: other modules, app.ts and the seed import chat only through this
 * file (docs/architecture.md, "Module boundaries"). Its plugin registers the member, operator and
 * held-message routes and serves the chat's pictures from the uploads.
 */
import type { FastifyInstance } from 'fastify';
import chatRoutes from './routes';
import heldRoutes from './held-routes';
import { chatImageAccess } from './image-files';
import operatorRoutes from './operator-routes';
import { registerLive } from './live';

export default async function chat(app: FastifyInstance): Promise<void> {
  registerLive(app);
  await app.register(chatRoutes);
  await app.register(operatorRoutes);
  await app.register(heldRoutes);
  app.uploads.claim(chatImageAccess);
}

export { conversationSeenBy, seedConversation } from './conversations';
export { unreadMessagesSql } from './history';
export { historySince } from './message-view';
