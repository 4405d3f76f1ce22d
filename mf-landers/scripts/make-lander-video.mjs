#!/usr/bin/env node
/**
 * Makes the landers' short looping video (src/landers/common/lander-loop.webm) with no file from
 * the internet and no ffmpeg: Chromium (playwright-core, /usr/bin/chromium or CHROMIUM) draws an
 * animation on a canvas (the brand's gradient, hearts rising, chat bubbles popping up) and records
 * it with MediaRecorder as VP8 WebM. Run it again to change the video:
 *
 *   node mf-landers/scripts/make-lander-video.mjs
 */
/* global MediaRecorder, performance, requestAnimationFrame, Blob, btoa */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'src', 'landers', 'common', 'lander-loop.webm');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(async () => {
    const W = 640,
      H = 360,
      SECONDS = 6,
      FPS = 24;
    const canvas = document.createElement('canvas');
    canvas.width = W;
    canvas.height = H;
    document.body.append(canvas);
    const ctx = canvas.getContext('2d');
    const heart = (x, y, s, color) => {
      ctx.save();
      ctx.translate(x, y);
      ctx.scale(s, s);
      ctx.beginPath();
      ctx.moveTo(0, 6);
      ctx.bezierCurveTo(-10, -2, -8, -12, 0, -6);
      ctx.bezierCurveTo(8, -12, 10, -2, 0, 6);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.restore();
    };
    const bubble = (x, y, w, alpha, color) => {
      ctx.globalAlpha = alpha;
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.roundRect(x, y, w, 34, 17);
      ctx.fill();
      ctx.fillStyle = 'rgba(58,23,56,0.35)';
      for (let i = 0; i < 3; i++) {
        ctx.beginPath();
        ctx.arc(x + 18 + i * 14, y + 17, 4, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    };
    const hearts = Array.from({ length: 26 }, (_, i) => ({
      x: (i * 97) % W,
      speed: 30 + ((i * 37) % 50),
      size: 1 + ((i * 13) % 20) / 10,
      phase: (i * 53) % H,
    }));
    const draw = (t) => {
      const loop = (t % SECONDS) / SECONDS;
      const g = ctx.createLinearGradient(0, 0, W, H);
      const shift = Math.sin(loop * Math.PI * 2) * 0.15;
      g.addColorStop(0, '#3a1738');
      g.addColorStop(0.5 + shift, '#c81f64');
      g.addColorStop(1, '#ff8a65');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, H);
      for (const h of hearts) {
        const y = H + 20 - ((h.phase + h.speed * t * (SECONDS / SECONDS)) % (H + 40));
        heart(h.x + Math.sin((t + h.phase) * 1.5) * 10, y, h.size, 'rgba(255,255,255,0.35)');
      }
      const pop = (start) => Math.max(0, Math.min(1, ((t % SECONDS) - start) * 3));
      bubble(70, 90, 120, pop(0.5), '#ffffff');
      bubble(W - 230, 160, 150, pop(2), '#ffc933');
      bubble(110, 230, 100, pop(3.5), '#ffffff');
      heart(W / 2, H / 2, 6 + Math.sin((t * Math.PI * 2) / 1.2) * 0.6, '#ffffff');
    };
    const stream = canvas.captureStream(FPS);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 350_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const started = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - started) / 1000;
        draw(t);
        if (t < SECONDS) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
    let binary = '';
    const bytes = new Uint8Array(buffer);
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  });
  fs.writeFileSync(out, Buffer.from(base64, 'base64'));
  console.log(`wrote ${path.relative(process.cwd(), out)} (${fs.statSync(out).size} bytes)`);
} finally {
  await browser.close();
}
