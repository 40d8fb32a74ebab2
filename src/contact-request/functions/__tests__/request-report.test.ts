import { asSent, newStoredRequest, withFailedAttempt } from "../contact-delivery";
import { deliveryState, reportRows, toCsv, toTable } from "../request-report";
import { validRequest } from "../../shared/__tests__/contact-request-example";

const received = new Date("2026-11-23T18:40:00Z");
const pending = withFailedAttempt(newStoredRequest(validRequest, received), received, "connect ECONNREFUSED");
const sent = asSent(withFailedAttempt(newStoredRequest({ ...validRequest, name: "Jan", city: "", service: "" }, new Date("2026-11-24T08:00:00Z")), received, "timeout"), new Date("2026-11-24T08:05:00Z"));

describe("the owner's list of requests", () => {
  it("says in Dutch where each request stands", () => {
    expect(deliveryState(newStoredRequest(validRequest, received))).toBe("wacht op verzending");
    expect(deliveryState(pending)).toBe("wacht, 1× mislukt (laatst: connect ECONNREFUSED)");
    expect(deliveryState(sent)).toBe("verstuurd 24-11-2026, 09:05 (na 1 mislukte poging)");
    expect(deliveryState({ ...sent, inDigest: true, delivery: { ...sent.delivery, attempts: [] } })).toBe("verstuurd 24-11-2026, 09:05 in een overzicht");
    expect(deliveryState({ ...newStoredRequest(validRequest, received), suspect: ["honeypot", "too-fast"] })).toBe("verdacht: verborgen veld ingevuld, te snel verstuurd");
  });

  it("lists the newest first with time (Amsterdam), name, town, service and state", () => {
    const rows = reportRows([pending, sent]);
    expect(rows.map((row) => [row.ontvangen, row.naam, row.plaats, row.dienst])).toEqual([
      ["24-11-2026, 09:00", "Jan", "–", "–"],
      ["23-11-2026, 19:40", "Marieke de Vries", "Amsterdam", "Daklekkage"],
    ]);
    expect(toTable(rows).split("\n")[0]).toBe("ontvangen          naam              plaats     dienst      status");
  });

  it("writes CSV a spreadsheet reads safely: quoted, with visitor formulas defused", () => {
    const csv = toCsv(reportRows([newStoredRequest({ ...validRequest, name: '=HYPERLINK("x")', phone: "+31 20 123" }, received)]));
    const [header, row] = csv.split("\r\n");
    expect(header).toBe('"ontvangen","naam","plaats","dienst","status","e-mail","telefoon","id"');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain(`"'+31 20 123"`);
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
