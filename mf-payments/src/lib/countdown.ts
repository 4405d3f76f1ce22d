import type { Countdown } from '@dating/shared-kit/contracts';

/** Remaining seconds -> hh:mm:ss parts, each padded to two digits; never negative. */
export function splitCountdown(totalSeconds: number): Countdown {
  const left = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    hours: pad(Math.floor(left / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
  };
}

export function formatCountdown(countdown: Countdown): string {
  return `${countdown.hours}:${countdown.minutes}:${countdown.seconds}`;
}
