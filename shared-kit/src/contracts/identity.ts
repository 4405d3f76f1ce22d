// Wire schemas of the identity capability (zod only).
import { z } from 'zod';
export const _identityPlaceholder = z.never().optional();
