/**
 * mf_chat's pages: the chats overview and a conversation, by conversation id or by
 * member (starts or reopens the conversation with that member); and the staff's operator console
 * and held messages (issue 26).
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '@dating/shared-kit/ui';
import './i18n';
import { ChatsPage } from './pages/chats-page';

// the operator console (issue 15): staff only, its own chunk (members never download it); the
// shell shows it only to staff with the operator role, the server checks every call's role
const OperatorPage = lazy(() => import(/* webpackChunkName: "backoffice-operator" */ './backoffice/operator-page'));
const operator = (
  <Suspense fallback={<Spinner />}>
    <OperatorPage />
  </Suspense>
);

// the held messages (issue 26): moderators only, its own chunk beside the operator console
const HeldMessagesPage = lazy(() => import(/* webpackChunkName: "backoffice-held" */ './backoffice/held-page'));

export const routes: RouteObject[] = [
  { path: '/chats', element: <ChatsPage by="list" /> },
  { path: '/chats/:id', element: <ChatsPage by="conversation" /> },
  { path: '/members/:id/chat', element: <ChatsPage by="member" /> },
  { path: '/backoffice/operator', element: operator },
  { path: '/backoffice/operator/:id', element: operator },
  {
    path: '/backoffice/held-messages',
    element: (
      <Suspense fallback={<Spinner />}>
        <HeldMessagesPage />
      </Suspense>
    ),
  },
];
export default routes;
