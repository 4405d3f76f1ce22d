/**
 * Photo processing with sharp. Every upload is decoded and re-encoded (never stored as sent):
 *   - the format is detected from the content (not the name or the declared type);
 *   - `limitInputPixels` refuses pixel floods (a tiny file that decodes to gigapixels);
 *   - `.rotate()` applies the EXIF orientation, then the JPEG is written without metadata, so
 *     EXIF, GPS position, camera serials and ICC comments are gone;
 *   - three sizes: full (max 1280 px on the long side), thumb (200x200 cover) and match
 *     (400x400 cover, used by the match modal).
 */
import sharp from 'sharp';
import { AppError } from '../errors';

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

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('image_invalid');
  if (input.length > MAX_INPUT_BYTES) throw new AppError('image_too_large');
  let meta: sharp.Metadata;
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
    const [thumb, match] = await Promise.all([
      base().resize(200, 200, { fit: 'cover', position: 'attention' }).flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
      base().resize(400, 400, { fit: 'cover', position: 'attention' }).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    ]);
    return { full: full.data, thumb, match, width: full.info.width, height: full.info.height, format: meta.format };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new AppError('image_too_large');
    throw new AppError('image_invalid');
  }
}
