/**
 * Photo variants (issue 14: the landers' largest paint): besides the stored JPEG of a photo
 * (`<name>.jpg`: full, thumb 200x200, match 400x400), the server serves it re-encoded as WebP in a
 * few widths, `<name>.w<width>.webp`, made by sharp on first request and stored beside it
 * (api platform/uploads.ts). One naming rule for the server and the pages that build `srcset`.
 */

/** The widths a WebP variant is made in (never wider than its source: a 200 px thumb stays 200). */
export const PHOTO_VARIANT_WIDTHS = [200, 320, 400] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];

/** stored photos are always JPEG (images.ts) */
const STORED = /\.jpg$/;
const VARIANT = /^([a-zA-Z0-9_-]+)\.w(\d{2,4})\.webp$/;

/** The URL of a stored photo's WebP variant of this width (the same path, another name). */
export function photoVariantUrl(url: string, width: PhotoVariantWidth): string {
  return url.replace(STORED, `.w${width}.webp`);
}

/** `<name>.w320.webp` -> its width and its source `<name>.jpg`; null for any other name. */
export function parsePhotoVariant(name: string): { width: PhotoVariantWidth; source: string } | null {
  const match = VARIANT.exec(name);
  const width = Number(match?.[2]) as PhotoVariantWidth;
  if (!match || !PHOTO_VARIANT_WIDTHS.includes(width)) return null;
  return { width, source: `${match[1]}.jpg` };
}

/** Every variant name a stored file may have (removed with it). */
export function photoVariantNames(name: string): string[] {
  if (!STORED.test(name)) return [];
  return PHOTO_VARIANT_WIDTHS.map((width) => photoVariantUrl(name, width));
}

/** `srcset` of a stored photo's WebP variants in these widths, or null for a URL that has none. */
export function photoVariantSrcSet(url: string, widths: readonly PhotoVariantWidth[]): string | null {
  if (!STORED.test(url)) return null;
  return widths.map((width) => `${photoVariantUrl(url, width)} ${width}w`).join(', ');
}
