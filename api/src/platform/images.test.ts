import zlib from 'node:zlib';
import sharp from 'sharp';
import { AppError } from '../errors';
import { processImage } from './images';

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

describe('processImage', () => {
  it('re-encodes a photo to JPEG without EXIF or GPS, applying the orientation', async () => {
    const input = await photoWithGps();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif).toBeDefined();
    expect(inMeta.exif?.toString('latin1')).toContain('TestCam');
    expect(inMeta.exif?.toString('latin1')).toContain('Spy 3000');
    expect(inMeta.orientation).toBe(6);

    const out = await processImage(input);
    for (const buf of [out.full, out.thumb, out.match]) {
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(buf.toString('latin1')).not.toContain('TestCam');
      expect(buf.toString('latin1')).not.toContain('Spy 3000');
    }
    // orientation 6 = rotated 90°: the 1600x1200 landscape becomes portrait, max 1280
    expect(out.width).toBe(960);
    expect(out.height).toBe(1280);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 200]);
    const match = await sharp(out.match).metadata();
    expect([match.width, match.height]).toEqual([400, 400]);
  });

  it('accepts PNG and never enlarges a small picture', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const out = await processImage(png);
    expect([out.width, out.height]).toEqual([300, 200]);
    expect(out.format).toBe('png');
  });

  it('rejects content that is not an image, whatever its name', async () => {
    await expect(processImage(Buffer.from('<?php echo "hi"; ?>'))).rejects.toMatchObject({ code: 'image_invalid', status: 400 });
    await expect(
      processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).rejects.toBeInstanceOf(AppError);
    await expect(processImage(Buffer.alloc(0))).rejects.toMatchObject({ code: 'image_invalid' });
    const truncated = (await photoWithGps()).subarray(0, 200);
    await expect(processImage(truncated)).rejects.toMatchObject({ code: 'image_invalid' });
  });

  it('rejects a pixel flood (small file, huge dimensions)', async () => {
    // a valid 1x1 PNG whose header claims 50000 x 50000 (2.5 gigapixels): a decompression bomb
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const flood = Buffer.from(png);
    flood.writeUInt32BE(50000, 16); // IHDR width
    flood.writeUInt32BE(50000, 20); // IHDR height
    flood.writeUInt32BE(zlib.crc32(flood.subarray(12, 29)) >>> 0, 29); // IHDR crc over type + data
    expect(flood.length).toBeLessThan(200);
    await expect(processImage(flood)).rejects.toMatchObject({ code: 'image_too_large', status: 413 });
  });
});
