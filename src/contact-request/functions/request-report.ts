import type { StoredContactRequest, SuspectReason } from "./contact-delivery";

/**
 * The owner's list of stored contact requests (`npm run requests`): one row a
 * request, newest first, as a table for the terminal or as CSV for a
 * spreadsheet. Pure: scripts/requests.ts reads the store.
 */
export const reportColumns = ["ontvangen", "naam", "plaats", "dienst", "status", "e-mail", "telefoon", "id"] as const;
type Row = Record<(typeof reportColumns)[number], string>;

const amsterdamTime = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

const suspectWords: Record<SuspectReason, string> = { honeypot: "verborgen veld ingevuld", "too-fast": "te snel verstuurd" };

/** Where a request stands, in the owner's words. */
export function deliveryState({ delivery, suspect, inDigest }: StoredContactRequest): string {
  if (suspect) return `verdacht: ${suspect.map((reason) => suspectWords[reason]).join(", ")}`;
  const failed = delivery.attempts.length;
  if (delivery.state === "sent") {
    const sent = `verstuurd ${amsterdamTime.format(new Date(delivery.sentAt ?? 0))}${inDigest ? " in een overzicht" : ""}`;
    return failed > 0 ? `${sent} (na ${failed} mislukte ${failed === 1 ? "poging" : "pogingen"})` : sent;
  }
  const last = delivery.attempts.at(-1);
  return failed > 0 ? `wacht, ${failed}× mislukt (laatst: ${last?.error})` : "wacht op verzending";
}

export function reportRows(records: readonly StoredContactRequest[]): Row[] {
  return [...records]
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
    .map((record) => ({
      ontvangen: amsterdamTime.format(new Date(record.receivedAt)),
      naam: record.request.name,
      plaats: record.request.city || "–",
      dienst: record.request.service || "–",
      status: deliveryState(record),
      "e-mail": record.request.email,
      telefoon: record.request.phone,
      id: record.id,
    }));
}

/** RFC 4180, with every field quoted; a leading =, +, - or @ gets a quote mark so a spreadsheet never runs visitor text as a formula. */
export function toCsv(rows: readonly Row[]): string {
  const quote = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
  return [reportColumns.map(quote).join(","), ...rows.map((row) => reportColumns.map((column) => quote(row[column])).join(","))].join("\r\n") + "\r\n";
}

/** The first five columns, aligned for a terminal. */
export function toTable(rows: readonly Row[]): string {
  const shown = reportColumns.slice(0, 5);
  const widths = shown.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  ").trimEnd();
  return [line([...shown]), ...rows.map((row) => line(shown.map((column) => row[column])))].join("\n") + "\n";
}
