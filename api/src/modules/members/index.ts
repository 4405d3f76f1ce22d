/**
 * The members module's public face: other modules, app.ts and the seed import members only
 * through this file (docs/architecture.md, "Module boundaries"). Its plugin (routes.ts) registers
 * the member routes and the moderators' photo, member, ban and verification routes.
 */
export { default } from './routes';

export { banMember } from './bans';
export { pickMain } from './photos';
export { ageFromDateOfBirth, toImage, toProfile, uploadUrl, type PhotoRef, type ProfileRow } from './serialize-profile';
export {
  blockMember,
  countNewLikes,
  findMember,
  loadProfiles,
  newLikesCount,
  onMemberBlocked,
  profileFields,
  receivedLikeVisible,
  type MemberId,
} from './service';
export { VERIFICATION_PRIVATE_TABLES } from './verification';
