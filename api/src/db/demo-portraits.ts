/**
 * Demo members' photos (seed only): a portrait from DiceBear's "Avataaars" style (@dicebear/core +
 * @dicebear/collection; the style by Pablo Stanley, free for personal and commercial use), drawn
 * locally, no network. The options are chosen per member so the faces fit the profile: hair colour
 * from the profile, long or short hair and a beard by gender, friendly expressions only (the style's
 * random defaults include crying and vomiting faces), varied skin, clothes and glasses. The square
 * avatar is placed in a 4:5 portrait of 600x750 px on a soft background, the size and shape of a
 * phone photo, and rendered to JPEG with sharp; the seed then sends it through the upload pipeline.
 */
import { createAvatar } from '@dicebear/core';
import type { StyleOptions } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import { loadSharp } from '../platform/images';

export const PORTRAIT_WIDTH = 600;
export const PORTRAIT_HEIGHT = 750;

/** The random source the seed uses (deterministic per member). */
export interface PortraitRng {
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

type AvataaarsOptions = StyleOptions<avataaars.Options>;
type Top = NonNullable<AvataaarsOptions['top']>[number];

const LONG_HAIR: Top[] = [
  'bob',
  'bun',
  'curly',
  'curvy',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
  'bigHair',
  'fro',
];
const SHORT_HAIR: Top[] = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'shaggy',
  'frizzle',
  'dreads01',
];

/** Profile hair colour -> the style's hair colours (hex without #). */
const HAIR_COLOR: Record<string, string> = {
  brunette: '4a312c',
  blond: 'd6b370',
  brown: '724133',
  white: 'e8e1e1',
  bald: '2c1b18',
  black: '2c1b18',
  dark_blond: 'b58143',
  dark_brown: '4a312c',
  gray: 'e8e1e1',
  red: 'c93305',
  other: 'a55728',
};
const SKIN = ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'];
const EYES = ['default', 'happy', 'wink', 'side', 'squint'] as const;
const MOUTH = ['default', 'smile', 'twinkle', 'serious'] as const;
const EYEBROWS = ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural', 'flatNatural', 'upDownNatural'] as const;
const CLOTHING = [
  'blazerAndShirt',
  'blazerAndSweater',
  'collarAndSweater',
  'hoodie',
  'shirtCrewNeck',
  'shirtScoopNeck',
  'shirtVNeck',
  'overall',
] as const;
const CLOTHES_COLOR = [
  '262e33',
  '65c9ff',
  '5199e4',
  '25557c',
  'e6e6e6',
  '929598',
  '3c4f5c',
  'a7ffc4',
  'ffafb9',
  'ff488e',
  'ff5c5c',
  'ffffff',
];
const GLASSES = ['prescription01', 'prescription02', 'round', 'wayfarers'] as const;

/** Soft two-colour backgrounds (a wall, a sky, a park: the light of a photo, not a flat colour). */
const BACKDROPS: [string, string][] = [
  ['#fde2e4', '#fad2e1'],
  ['#e2ece9', '#bee1e6'],
  ['#fff1e6', '#f0efeb'],
  ['#dfe7fd', '#cddafd'],
  ['#eae4e9', '#d8e2dc'],
  ['#fbe7c6', '#f6d6ad'],
  ['#d6eadf', '#b8e0d2'],
  ['#e8e8e4', '#d8d5db'],
  ['#cfe1f7', '#a9c7ea'],
  ['#f8edeb', '#fcd5ce'],
];

/** The style's options for one photo of a member (see the note at the top). */
export function portraitOptions(who: { gender: 'male' | 'female'; hair: string }, rng: PortraitRng): AvataaarsOptions {
  const female = who.gender === 'female';
  const bald = who.hair === 'bald';
  const options: AvataaarsOptions = {
    seed: String(rng.int(1, 1e9)),
    top: [rng.pick(female ? LONG_HAIR : SHORT_HAIR)],
    topProbability: bald ? 0 : 100,
    hairColor: [HAIR_COLOR[who.hair] ?? '4a312c'],
    facialHairColor: [HAIR_COLOR[who.hair] ?? '4a312c'],
    facialHairProbability: female ? 0 : rng.chance(0.35) ? 100 : 0,
    facialHair: ['beardLight', 'beardMedium', 'moustacheFancy'],
    skinColor: [rng.pick(SKIN)],
    eyes: [rng.pick(EYES)],
    mouth: [rng.pick(MOUTH)],
    eyebrows: [rng.pick(EYEBROWS)],
    clothing: [rng.pick(CLOTHING)],
    clothesColor: [rng.pick(CLOTHES_COLOR)],
    clothingGraphic: [],
    accessories: [rng.pick(GLASSES)],
    accessoriesProbability: rng.chance(0.15) ? 100 : 0,
  };
  return options;
}

/** The avatar's SVG (square) for one photo of a member. */
export function portraitAvatarSvg(who: { gender: 'male' | 'female'; hair: string }, rng: PortraitRng): string {
  return createAvatar(avataaars, portraitOptions(who, rng)).toString();
}

/** One demo photo: a JPEG of PORTRAIT_WIDTH x PORTRAIT_HEIGHT (one SVG, rasterised once). */
export async function portraitJpeg(who: { gender: 'male' | 'female'; hair: string }, rng: PortraitRng): Promise<Buffer> {
  const [top, bottom] = rng.pick(BACKDROPS);
  // the square avatar, bottom-aligned in the portrait (a nested <svg> with its own viewBox)
  const avatar = portraitAvatarSvg(who, rng).replace(
    /^<svg\b[^>]*?(viewBox="[^"]*")/,
    `<svg x="0" y="${PORTRAIT_HEIGHT - PORTRAIT_WIDTH}" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_WIDTH}" $1`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}">
<defs><linearGradient id="backdrop" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#backdrop)"/>
<circle cx="${rng.int(60, 540)}" cy="${rng.int(50, 160)}" r="${rng.int(50, 120)}" fill="#ffffff" opacity="0.25"/>
${avatar}
</svg>`;
  // an intermediate (the upload pipeline re-encodes it): a plain, fast JPEG encoder is enough
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}
