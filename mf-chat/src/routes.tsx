/**
 * mf_chat's pages (spec 2): the chats overview and a conversation, by conversation id or by
 * member (starts or reopens the conversation with that member).
 */
import type { RouteObject } from 'react-router';
import './i18n';
import { ChatsPage } from './pages/chats-page';

export const routes: RouteObject[] = [
  { path: '/chats', element: <ChatsPage by="list" /> },
  { path: '/chats/:id', element: <ChatsPage by="conversation" /> },
  { path: '/members/:id/chat', element: <ChatsPage by="member" /> },
];
export default routes;
