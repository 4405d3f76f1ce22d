/**
 * Releases per team (issue 27, modules/releases; migration 0040): every stored build of a remote
 * (and of the shell), which one each browser gets per remote, and what the browsers report.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** one shared package a build was made against (from its mf-manifest.json) */
export interface ReleaseShared {
  package: string;
  version: string;
  required: string | null;
  singleton: boolean;
}

export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    /** the remote's folder (`mf-payments`), or `shell` */
    remote: text('remote').notNull(),
    buildId: text('build_id').notNull(),
    /** ready | canary | live | retired */
    status: text('status').notNull().default('ready'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** the staff member's e-mail, `ci` (RELEASE_TOKEN) or `build` (registered at start) */
    createdBy: text('created_by').notNull(),
    notes: text('notes'),
    shared: jsonb('shared').$type<ReleaseShared[]>().notNull().default([]),
    firstLoadBytes: integer('first_load_bytes').notNull().default(0),
    /** when it last became live (a rollback without a build id goes to the one live before) */
    liveAt: ts('live_at'),
    rollbackReason: text('rollback_reason'),
  },
  (t) => [uniqueIndex('releases_remote_build_uq').on(t.remote, t.buildId)],
);

export const releaseState = pgTable('release_state', {
  remote: text('remote').primaryKey(),
  liveBuildId: text('live_build_id'),
  canaryBuildId: text('canary_build_id'),
  canaryPercent: integer('canary_percent').notNull().default(0),
  paused: boolean('paused').notNull().default(false),
  version: integer('version').notNull().default(0),
  banner: text('banner'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const releaseClientEvents = pgTable(
  'release_client_events',
  {
    remote: text('remote').notNull(),
    buildId: text('build_id').notNull(),
    minute: ts('minute').notNull(),
    mounts: integer('mounts').notNull().default(0),
    loadErrors: integer('load_errors').notNull().default(0),
    renderErrors: integer('render_errors').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'release_client_events_pk', columns: [t.remote, t.buildId, t.minute] }),
    index('release_client_events_minute_idx').on(t.minute),
  ],
);
