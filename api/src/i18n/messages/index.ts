// All server texts: the common table plus one table per capability, merged into one lookup.
import { backofficeMessages } from './backoffice';
import { chatMessages } from './chat';
import { commonMessages } from './common';
import { complaintsMessages } from './complaints';
import { creditsMessages } from './credits';
import { heldMessages } from './held';
import { identityMessages } from './identity';
import { membersMessages } from './members';
import { moderationMessages } from './moderation';
import { operatorMessages } from './operator';
import { notificationsMessages } from './notifications';
import { paymentsMessages } from './payments';
import { reportsMessages } from './reports';
import { passkeysMessages } from './passkeys';
import { releasesMessages } from './releases';
import { sitesMessages } from './sites';
import type { MessageTable } from './types';
import { verificationMessages } from './verification';

export type { Lang, MessageTable } from './types';

export const messages: MessageTable = {
  ...commonMessages,
  ...complaintsMessages,
  ...backofficeMessages,
  ...chatMessages,
  ...creditsMessages,
  ...heldMessages,
  ...identityMessages,
  ...membersMessages,
  ...moderationMessages,
  ...operatorMessages,
  ...notificationsMessages,
  ...paymentsMessages,
  ...reportsMessages,
  ...passkeysMessages,
  ...releasesMessages,
  ...sitesMessages,
  ...verificationMessages,
};
