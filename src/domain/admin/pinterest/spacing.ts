/**
 * The publisher's pace (issue 12, point 4): at most `perHour` pins in any rolling hour, and — for the scheduler —
 * spread evenly, one at least every 60/perHour minutes, so ten pins due at 09:00 go out over the hour rather than in
 * one burst Pinterest's spam filters dislike. 'Publish now' on chosen pins skips the spacing but never the hourly cap.
 */
export const HOUR_MS = 60 * 60 * 1000;

export interface PaceInput {
  /** When pins were sent to Pinterest recently (at least the last hour's), any order. */
  recent: readonly Date[];
  perHour: number;
  now: Date;
  /** Spread pins evenly (the scheduler) or only respect the hourly cap ('publish now'). */
  spaced: boolean;
}

/** The minimum gap between two scheduled pins. */
export function spacingMs(perHour: number): number {
  return Math.ceil(HOUR_MS / Math.max(1, perHour));
}

/** The earliest moment the next pin may be sent: `now` or earlier means now. */
export function nextSendTime(input: PaceInput): Date {
  const now = input.now.getTime();
  const inWindow = input.recent.map((date) => date.getTime()).filter((time) => time > now - HOUR_MS && time <= now).sort((a, b) => a - b);
  let next = now;
  if (inWindow.length >= input.perHour) {
    // The window frees a place when its oldest send leaves it.
    next = Math.max(next, inWindow[inWindow.length - input.perHour]! + HOUR_MS);
  }
  if (input.spaced && inWindow.length > 0) next = Math.max(next, inWindow[inWindow.length - 1]! + spacingMs(input.perHour));
  return new Date(next);
}

export function maySendNow(input: PaceInput): boolean {
  return nextSendTime(input).getTime() <= input.now.getTime();
}

/** Publish times for pins rescheduled together: from `start`, one every `everyMinutes` (bulk reschedule). */
export function spreadSchedule(count: number, start: Date, everyMinutes: number): Date[] {
  return Array.from({ length: count }, (_, index) => new Date(start.getTime() + index * everyMinutes * 60_000));
}
