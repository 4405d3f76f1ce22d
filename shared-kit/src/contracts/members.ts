// Wire schemas of the members capability (zod only).
import { z } from 'zod';
export const _membersPlaceholder = z.never().optional();
