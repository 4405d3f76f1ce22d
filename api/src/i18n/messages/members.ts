// Server texts of the members capability: code -> language -> text. nl is the spec's exact wording.
import type { MessageTable } from './types';

export const membersMessages: MessageTable = {};
