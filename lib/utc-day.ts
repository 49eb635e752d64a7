// Daily limits reset at midnight UTC; these helpers keep every caller on the same calendar.

/** YYYY-MM-DD of the UTC day containing `at`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next midnight UTC after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** The `count` UTC days ending with the day of `at`, oldest first. */
export function lastUtcDays(at: Date, count: number): string[] {
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    days.push(utcDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - i))));
  }
  return days;
}
