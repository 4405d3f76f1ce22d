/**
 * Demo photos (issue 13 item 19): DiceBear portraits, drawn locally, varied, the size and shape
 * of a phone photo, deterministic per member.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH, portraitAvatarSvg, portraitJpeg, portraitOptions } from './demo-portraits';
import type { PortraitRng } from './demo-portraits';

function rng(seed: number): PortraitRng & { next(): number } {
  let s = seed;
  return {
    next() {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    },
    int(min, max) {
      return min + Math.floor(this.next() * (max - min + 1));
    },
    pick(list) {
      return list[Math.floor(this.next() * list.length)] as (typeof list)[number];
    },
    chance(p) {
      return this.next() < p;
    },
  };
}

const sha = (b: Buffer) => crypto.createHash('sha1').update(b).digest('hex');

describe('demo portraits', () => {
  it('are DiceBear avatars (the Avataaars style), rendered to a 4:5 JPEG of a phone photo’s size', async () => {
    expect(portraitAvatarSvg({ gender: 'female', hair: 'blond' }, rng(1))).toMatch(/dicebear|Avataaars/i);
    const jpeg = await portraitJpeg({ gender: 'female', hair: 'blond' }, rng(1));
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
    expect(PORTRAIT_WIDTH / PORTRAIT_HEIGHT).toBeCloseTo(0.8);
    expect(jpeg.length).toBeGreaterThan(5_000);
  });

  it('are the same for the same member and differ between members (12 members, 12 different faces)', async () => {
    const same = [
      await portraitJpeg({ gender: 'male', hair: 'black' }, rng(42)),
      await portraitJpeg({ gender: 'male', hair: 'black' }, rng(42)),
    ];
    expect(sha(same[0] as Buffer)).toBe(sha(same[1] as Buffer));
    const hairs = ['blond', 'brown', 'black', 'red', 'gray', 'bald'];
    const faces = new Set<string>();
    for (let i = 0; i < 12; i++) {
      faces.add(portraitAvatarSvg({ gender: i % 2 ? 'male' : 'female', hair: hairs[i % hairs.length] as string }, rng(100 + i)));
    }
    expect(faces.size).toBe(12);
  });

  it('follow the profile: its hair colour, no hair for a bald member, no beard on a woman, friendly faces only', () => {
    expect(portraitAvatarSvg({ gender: 'female', hair: 'red' }, rng(7)).toLowerCase()).toContain('#c93305');
    const FRIENDLY_EYES = ['default', 'happy', 'wink', 'side', 'squint'];
    const FRIENDLY_MOUTHS = ['default', 'smile', 'twinkle', 'serious'];
    for (let i = 0; i < 40; i++) {
      const woman = portraitOptions({ gender: 'female', hair: 'blond' }, rng(i));
      expect(woman.facialHairProbability).toBe(0);
      expect(woman.topProbability).toBe(100);
      expect(woman.hairColor).toEqual(['d6b370']);
      const bald = portraitOptions({ gender: 'male', hair: 'bald' }, rng(i));
      expect(bald.topProbability).toBe(0);
      for (const o of [woman, bald] as const) {
        expect(FRIENDLY_EYES).toEqual(expect.arrayContaining(o.eyes ?? []));
        expect(FRIENDLY_MOUTHS).toEqual(expect.arrayContaining(o.mouth ?? []));
      }
    }
  });
});
