// All server texts: the common table plus one table per capability, merged into one lookup.
import { backofficeMessages } from './backoffice';
import { chatMessages } from './chat';
import { commonMessages } from './common';
import { creditsMessages } from './credits';
import { identityMessages } from './identity';
import { membersMessages } from './members';
import { moderationMessages } from './moderation';
import { operatorMessages } from './operator';
import { notificationsMessages } from './notifications';
import { paymentsMessages } from './payments';
import type { MessageTable } from './types';

export type { Lang, MessageTable } from './types';

export const messages: MessageTable = {
  ...commonMessages,
  ...backofficeMessages,
  ...chatMessages,
  ...creditsMessages,
  ...identityMessages,
  ...membersMessages,
  ...moderationMessages,
  ...operatorMessages,
  ...notificationsMessages,
  ...paymentsMessages,
};
