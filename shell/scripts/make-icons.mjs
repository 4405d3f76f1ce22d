/**
 * The installed app's icons (web app manifest, /manifest.webmanifest served by the api), drawn
 * by the project from src/icons/app-icon.svg with sharp at build time, into dist/icons/:
 *   icon-192.png, icon-512.png   purpose "any" (rounded corners, transparent outside)
 *   maskable-512.png             purpose "maskable" (full bleed; the heart inside the safe zone)
 *   apple-touch-icon.png         180 px, full bleed (iOS rounds it itself)
 * Runs after webpack (`npm run build`), so the files sit beside the shell's other assets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = path.dirname(fileURLToPath(import.meta.url));
const svg = fs.readFileSync(path.join(dir, '..', 'src', 'icons', 'app-icon.svg'));
const out = path.join(dir, '..', 'dist', 'icons');
fs.mkdirSync(out, { recursive: true });

/** A rounded-square mask (radius 22% of the side), for the "any" icons. */
const rounded = (size) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${Math.round(size * 0.22)}" fill="#fff"/></svg>`,
  );

async function draw(size, file, { round }) {
  let image = sharp(svg, { density: Math.ceil((72 * size) / 512) + 1 }).resize(size, size);
  if (round) image = sharp(await image.png().toBuffer()).composite([{ input: rounded(size), blend: 'dest-in' }]);
  await image.png({ compressionLevel: 9, palette: !round }).toFile(path.join(out, file));
}

await draw(192, 'icon-192.png', { round: true });
await draw(512, 'icon-512.png', { round: true });
await draw(512, 'maskable-512.png', { round: false });
await draw(180, 'apple-touch-icon.png', { round: false });
console.log(`[shell] icons written to ${path.relative(process.cwd(), out)}`);
