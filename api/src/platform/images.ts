/**
 * Photo processing with sharp. Every upload is decoded and re-encoded (never stored as sent):
 *   - the format is detected from the content (not the name or the declared type);
 *   - `limitInputPixels` refuses pixel floods (a tiny file that decodes to gigapixels);
 *   - `.rotate()` applies the EXIF orientation, then the JPEG is written without metadata, so
 *     EXIF, GPS position, camera serials and ICC comments are gone;
 *   - three sizes: full (max 1280 px on the long side), thumb (200x200 cover) and match
 *     (400x400 cover, used by the match modal).
 */
import type { Metadata } from 'sharp';
import { AppError, isAppError } from '../errors';
import { createAdmission } from './admission';

/**
 * Decoding is bounded so that uploads cannot starve the server (issue 13 item 2): decoding and
 * password hashing (argon2) share libuv's thread pool (4 threads by default).
 *   - one libvips worker thread per image operation (sharp.concurrency(1)), and one operation at a
 *     time per upload (the thumbnail and match crop are made from the already small full size);
 *   - at most DECODE_CONCURRENCY uploads decode at once server-wide, so two of libuv's threads stay
 *     free for logins; up to DECODE_QUEUE wait in order, one more is answered 503 `images_busy`
 *     with Retry-After at once;
 *   - one member decodes one upload at a time (`memberId`): a second at the same moment is 429
 *     `image_in_progress`. Chat images and photos pass the same gate.
 * Callers check what they can before (the member's photo room, the size) so a refused upload never
 * reaches the decoder.
 */
const importSharp = () => import('sharp');
type Sharp = Awaited<ReturnType<typeof importSharp>>['default'];
let sharpLib: Promise<Sharp> | undefined;
/**
 * sharp (libvips) is loaded with the first image, not at start (docs/performance.md "Memory").
 * No libvips operation cache: every upload is a different image, decoded once, so the cache (up to
 * 50 MB and 20 open files by default) only kept the last images' memory: the server's idle RSS after
 * seeding 320 demo members went from 258 to 194 MB without it (PostgreSQL, same machine).
 */
export const loadSharp = (): Promise<Sharp> =>
  (sharpLib ??= importSharp().then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
export const DECODE_CONCURRENCY = 2;
export const DECODE_QUEUE = 16;
const decodes = createAdmission({ concurrency: DECODE_CONCURRENCY, maxQueue: DECODE_QUEUE, maxWaitMs: 120_000, retryAfterSeconds: 5 });
const decodingMembers = new Set<number>();

/** 40 megapixels: any phone photo fits, decompression bombs do not. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** bytes accepted before decoding */
export const MAX_INPUT_BYTES = 15 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  match: Buffer;
  /** size of `full` */
  width: number;
  height: number;
  /** detected input format */
  format: string;
}

/** Decode and re-encode an upload (see the header); `memberId`: whose upload (one at a time each). */
export async function processImage(input: Buffer, opts: { memberId?: number } = {}): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('image_invalid');
  if (input.length > MAX_INPUT_BYTES) throw new AppError('image_too_large');
  const member = opts.memberId;
  if (member !== undefined) {
    if (decodingMembers.has(member)) throw new AppError('image_in_progress', { status: 429, extra: { retry_after: 2 } });
    decodingMembers.add(member);
  }
  try {
    const release = await decodes.acquire().catch((error: unknown) => {
      if (isAppError(error) && error.status === 503) throw new AppError('images_busy', { status: 503, extra: { retry_after: 5 } });
      throw error;
    });
    try {
      return await decode(input);
    } finally {
      release();
    }
  } finally {
    if (member !== undefined) decodingMembers.delete(member);
  }
}

async function decode(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // metadata() reads only the header, so the pixel limit is checked below by hand
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('image_invalid');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new AppError('image_invalid');
  if (!meta.width || !meta.height) throw new AppError('image_invalid');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('image_too_large');

  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
  try {
    const full = await base()
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    // from the full size (already turned upright and flattened): the big input is decoded once
    const small = () => sharp(full.data);
    const thumb = await small().resize(200, 200, { fit: 'cover', position: 'attention' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    const match = await small().resize(400, 400, { fit: 'cover', position: 'attention' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return { full: full.data, thumb, match, width: full.info.width, height: full.info.height, format: meta.format };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new AppError('image_too_large');
    throw new AppError('image_invalid');
  }
}

/**
 * A stored photo (already re-encoded JPEG) as WebP `width` pixels wide (never enlarged), for the
 * `srcset` of the pages (contracts/photo-variants.ts; made once, on first request, by uploads.ts).
 * sharp writes no metadata unless asked: no EXIF, no ICC comment. Passes the decode gate above.
 */
export async function photoVariant(source: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const release = await decodes.acquire();
  try {
    return await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 74, effort: 4 })
      .toBuffer();
  } finally {
    release();
  }
}

/**
 * What a failed multipart upload means for the member: the file over the size limit is a 413
 * image_too_large, the whole body over the limit a 413 payload_too_large, and any other broken
 * multipart body (no boundary, cut off, too many parts) the client's 400 image_invalid, never a 500.
 * An AppError thrown while reading the parts passes unchanged.
 */
export function uploadError(error: unknown, field: string): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('image_too_large', { status: 413, field });
  if (statusCode === 413) return new AppError('payload_too_large', { status: 413 });
  return new AppError('image_invalid', { status: 400, field });
}
