// All server texts: the common table plus one table per capability, merged into one lookup.
import { chatMessages } from './chat';
import { commonMessages } from './common';
import { creditsMessages } from './credits';
import { identityMessages } from './identity';
import { membersMessages } from './members';
import { paymentsMessages } from './payments';
import type { MessageTable } from './types';

export type { Lang, MessageTable } from './types';

export const messages: MessageTable = {
  ...commonMessages,
  ...chatMessages,
  ...creditsMessages,
  ...identityMessages,
  ...membersMessages,
  ...paymentsMessages,
};
