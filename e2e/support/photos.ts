import sharp from 'sharp';

/** A JPEG with EXIF (camera, copyright) and a GPS position, as a phone would make it. */
export async function phonePhoto(color: string): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'E2ePhone', Copyright: 'SECRET-OWNER-E2E' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();
}
