/**
 * The profile refs (id, name, photo, fictional) that message:new frames carry (live.ts), kept
 * for a minute: a busy conversation does not load the same two profiles for every message. A
 * renamed member or a new photo shows in frames within PROFILE_REF_MS (lists and pages load them
 * fresh).
 */
import type { ProfileRef } from '@dating/shared-kit/contracts';
import type { Db } from '../../db/client';
import { loadProfiles } from '../members';

const PROFILE_REF_MS = 60_000;
const PROFILE_REF_MAX = 50_000;

export class ProfileRefs {
  private readonly cache = new Map<number, { ref: ProfileRef; at: number }>();

  constructor(private readonly db: Db) {}

  /** The refs of `ids` (those that exist), the ones not kept from one query; pictures under `cdnPrefix`. */
  async get(ids: readonly number[], cdnPrefix: string): Promise<Map<number, ProfileRef>> {
    const now = Date.now();
    const out = new Map<number, ProfileRef>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.cache.get(id);
      if (hit && now - hit.at < PROFILE_REF_MS) out.set(id, hit.ref);
      else missing.push(id);
    }
    if (missing.length > 0) {
      if (this.cache.size > PROFILE_REF_MAX) this.cache.clear();
      for (const p of await loadProfiles(this.db, missing, { viewerId: null, cdnPrefix })) {
        const ref: ProfileRef = { id: p.id, name: p.name, main_image: p.main_image, fictional: p.fictional };
        this.cache.set(p.id, { ref, at: now });
        out.set(p.id, ref);
      }
    }
    return out;
  }
}
