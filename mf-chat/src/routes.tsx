/**
 * mf_chat's pages. The chat capability (a later issue) replaces these placeholders with the
 * chats overview and the conversation view; see docs/placeholders.md.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Container, PlaceholderPage } from '@dating/shared-kit/ui';
import { NAMESPACE } from './i18n';

function ChatPlaceholder({ titleKey }: { titleKey: 'titles.chats' | 'titles.conversation' }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  const title = t(titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
  // the chat layout has no site navigation: offer the way back until the chat screens exist
  return (
    <Container>
      <PlaceholderPage title={title} />
      <p css={{ textAlign: 'center' }}>
        <Link to="/members">{tc('nav.searchMembers')}</Link>
      </p>
    </Container>
  );
}

export const routes: RouteObject[] = [
  { path: '/chats', element: <ChatPlaceholder titleKey="titles.chats" /> },
  { path: '/chats/:id', element: <ChatPlaceholder titleKey="titles.conversation" /> },
  { path: '/members/:id/chat', element: <ChatPlaceholder titleKey="titles.conversation" /> },
];
export default routes;
