/**
 * The members calls, typed by the shared contracts, plus the two side effects every
 * screen needs: the new-likes badge (`likes:changed`) and the match modal (`match:new`).
 */
import { api, loadTranslated } from '@dating/shared-kit/api';
import { bus } from '@dating/shared-kit/bus';
import { getSession } from '@dating/shared-kit/state';
import {
  ZAutoLike,
  ZBlockList,
  ZBlockResult,
  ZGeocodeResult,
  ZInterestsResponse,
  ZLikeResult,
  ZMatchFinderResponse,
  ZMemberLikes,
  ZMemberResponse,
  ZMemberSearchResponse,
  ZPhotosResponse,
  ZPhotoUploadResponse,
  ZPreferencesResponse,
  ZProfileResponse,
  ZRegionsResponse,
  ZSwipeResponse,
  ZSwipeResult,
} from '@dating/shared-kit/contracts';
import type {
  InterestsResponse,
  Language,
  MatchFinderRequest,
  MemberLikes,
  MemberSearchQuery,
  PreferencesUpdate,
  Profile,
  ProfileRef,
  ProfileUpdate,
  RegionsResponse,
} from '@dating/shared-kit/contracts';

export const membersApi = {
  search: (query: MemberSearchQuery) => api.get('/api/members.php', ZMemberSearchResponse, { query: { ...query } }),
  member: (id: number) => api.get('/api/member.php', ZMemberResponse, { query: { id } }),
  like: (id: number) => api.post('/api/like.php', { id }, ZLikeResult),
  unlike: (id: number) => api.del('/api/like.php', { id }, ZLikeResult),
  likes: () => api.get('/api/likes.php', ZMemberLikes),
  autoLike: () => api.get('/api/auto-like.php', ZAutoLike),
  block: (id: number) => api.post('/api/block.php', { id }, ZBlockResult),
  unblock: (id: number) => api.del('/api/block.php', { id }, ZBlockResult),
  blocked: () => api.get('/api/block.php', ZBlockList),
  swipeGame: () => api.get('/api/swipe.php', ZSwipeResponse),
  swipe: (id: number, action: 'like' | 'skip') => api.post('/api/swipe.php', { id, action }, ZSwipeResult),
  matchFinder: (choice: MatchFinderRequest) => api.post('/api/match-finder.php', choice, ZMatchFinderResponse),
  profile: () => api.get('/api/profile.php', ZProfileResponse),
  saveProfile: (update: ProfileUpdate) => api.put('/api/profile.php', update, ZProfileResponse),
  photos: () => api.get('/api/photos.php', ZPhotosResponse),
  uploadPhoto: (file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('photo', file);
    return api.upload('/api/photos.php', form, ZPhotoUploadResponse, onProgress);
  },
  deletePhoto: (id: number) => api.del('/api/photos.php', { id }, ZPhotosResponse),
  setMainPhoto: (id: number) => api.put('/api/photos.php', { id }, ZPhotosResponse),
  preferences: () => api.get('/api/preferences.php', ZPreferencesResponse),
  savePreferences: (update: PreferencesUpdate) => api.put('/api/preferences.php', update, ZPreferencesResponse),
  geocode: (lat: number, lon: number) => api.get('/api/geocode.php', ZGeocodeResult, { query: { lat, lon } }),
};

// interests and regions: loaded once per language and cached, in the UI language
export function loadInterests(language: Language): Promise<InterestsResponse> {
  return loadTranslated('/api/interests.php', ZInterestsResponse, language);
}
export function loadRegions(country: string, language: Language): Promise<RegionsResponse> {
  return loadTranslated('/api/regions.php', ZRegionsResponse, language, { country });
}

/** Tell the shell's badge how many new likes there are. */
export function publishLikes(likes: MemberLikes): void {
  bus.emit('likes:changed', { newLikes: likes.liked_by.filter((l) => l.like_new).length });
}

/**
 * Reload likes and update the badge; errors are ignored (the periodic refresh retries). Only for a
 * logged-in member: a visitor has no likes, and asking would only earn a 403 in the console.
 */
export async function refreshLikes(): Promise<MemberLikes | null> {
  if (!getSession()) return null;
  try {
    const likes = await membersApi.likes();
    publishLikes(likes);
    return likes;
  } catch {
    return null;
  }
}

/** The part of a profile the bus events carry (the match and like popups label a chatpal). */
export function toProfileRef(profile: Pick<Profile, 'id' | 'name' | 'main_image' | 'fictional'>): ProfileRef {
  return { id: profile.id, name: profile.name, main_image: profile.main_image, fictional: profile.fictional };
}

/** Like someone; a mutual like opens the match modal. Returns whether it is a match. */
export async function likeProfile(profile: Pick<Profile, 'id' | 'name' | 'main_image' | 'fictional'>): Promise<boolean> {
  const { match } = await membersApi.like(profile.id);
  if (match) bus.emit('match:new', { profile: toProfileRef(profile) });
  void refreshLikes();
  return match;
}
