// Server texts of the identity capability: code -> language -> text. nl is the spec's exact wording.
import type { MessageTable } from './types';

export const identityMessages: MessageTable = {};
