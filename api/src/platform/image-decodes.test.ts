/**
 * Image decoding is bounded (issue 13 item 2): one decode per member at a time (429
 * image_in_progress), at most DECODE_CONCURRENCY + DECODE_QUEUE uploads admitted server-wide and
 * the next one a 503 images_busy with a retry hint, never a pile-up; everything admitted finishes.
 */
import sharp from 'sharp';
import { isAppError } from '../errors';
import { DECODE_CONCURRENCY, DECODE_QUEUE, processImage } from './images';

/** a legal, large 16-bit PNG (a smooth gradient: small file, many pixels to decode) */
async function bigPng(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3 * 2);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.writeUInt16LE(((x * 65535) / width) | 0, (y * width + x) * 6);
  return sharp(raw, { raw: { width, height, channels: 3, premultiplied: false } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (isAppError(e) ? `${e.status} ${e.code}` : String(e)),
  );

it('one member decodes one upload at a time', async () => {
  const png = await bigPng();
  const [first, second] = await Promise.all([outcome(processImage(png, { memberId: 1 })), outcome(processImage(png, { memberId: 1 }))]);
  expect([first, second].sort()).toEqual(['429 image_in_progress', 'ok']);
  // and once the first is done, the member may upload again
  expect(await outcome(processImage(png, { memberId: 1 }))).toBe('ok');
}, 120_000);

it('admits DECODE_CONCURRENCY + DECODE_QUEUE decodes at once and answers the rest 503 images_busy', async () => {
  const png = await bigPng();
  const n = DECODE_CONCURRENCY + DECODE_QUEUE + 3;
  const results = await Promise.all(Array.from({ length: n }, (_, i) => outcome(processImage(png, { memberId: 100 + i }))));
  expect(results.filter((r) => r === 'ok')).toHaveLength(DECODE_CONCURRENCY + DECODE_QUEUE);
  expect(results.filter((r) => r === '503 images_busy')).toHaveLength(3);
}, 600_000);
