import { formatDate, formatNumber } from "../dutch-format";

test("numbers in Dutch notation, as Intl writes them", () => {
  for (const value of [0, 4.9, 5, 12.25, 999, 1000, 5000, 2500000, -1234.5]) {
    expect(formatNumber(value)).toBe(value.toLocaleString("nl-NL", { maximumFractionDigits: 20 }));
    expect(formatNumber(value, 1)).toBe(value.toLocaleString("nl-NL", { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  }
  expect(formatNumber(4.9, 1)).toBe("4,9");
  expect(formatNumber(5, 1)).toBe("5,0");
  expect(formatNumber(4.5)).toBe("4,5");
  expect(formatNumber(5000)).toBe("5.000");
});

test("dates as day, Dutch month name and year, as Intl writes them", () => {
  for (let month = 1; month <= 12; month++) {
    const iso = `2026-${String(month).padStart(2, "0")}-0${month % 9 + 1}`;
    expect(formatDate(iso)).toBe(new Date(`${iso}T12:00:00Z`).toLocaleDateString("nl-NL", { day: "numeric", month: "long", year: "numeric" }));
  }
  expect(formatDate("2026-09-14")).toBe("14 september 2026");
  expect(formatDate("2026-01-01")).toBe("1 januari 2026");
});
