/**
 * Dutch number and date notation for the few formats the site shows. Not
 * Intl: the first Intl formatter a page builds loads the locale data, which
 * measured 20-25 ms of main thread here (about 100 ms on a throttled phone)
 * during hydration, for a "4,9" and a month name.
 */
const months = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"];

/** 4.9 as "4,9"; with `fractionDigits` 1, 5 as "5,0"; 5000 as "5.000". */
export function formatNumber(value: number, fractionDigits?: number): string {
  const [whole, fraction] = (fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** An ISO date such as 2026-09-14 as "14 september 2026". */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${months[month - 1]} ${year}`;
}
