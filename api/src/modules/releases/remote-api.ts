/**
 * What the releases plugin offers the rest of the server (app.releases), and the one reading of a
 * remote's name as its release folder; shared by the plugin (index.ts) and its calls (routes.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_REMOTES } from '@dating/shared-kit/contracts';
import type { ReleaseRemote } from '@dating/shared-kit/contracts';
import type { ServedRemotes } from './service';

export interface Releases {
  /** the store's root folder */
  readonly dir: string;
  readonly served: ServedRemotes;
  /** The folder of a stored release to serve /mf/<folder>/<build-id>/* from, or null. */
  folderOf(remote: string, buildId: string): string | null;
  /** this browser's bucket (set as a cookie when it has none) */
  bucketOf(req: FastifyRequest, reply: FastifyReply): number;
  /** register what `npm run build` made (the remotes' dist folders and the shell) */
  registerBuilds(): Promise<void>;
  /** register a remote's dist rebuilt since it was last looked at (at most once a second) */
  followBuilds(): Promise<void>;
  checkRollbacks(): Promise<string[]>;
}

/** A remote's name (mf_members) or folder (mf-members) as its release folder, or null. */
export function remoteOf(name: string): ReleaseRemote | null {
  const folder = name.replace(/_/g, '-');
  return (RELEASE_REMOTES as readonly string[]).includes(folder) ? (folder as ReleaseRemote) : null;
}
