// Wire schemas of the events capability (zod only).
import { z } from 'zod';
export const _eventsPlaceholder = z.never().optional();
