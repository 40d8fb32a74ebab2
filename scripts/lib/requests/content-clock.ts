import fs from "node:fs";
import path from "node:path";
import type { OpeningDay, ReplyClock, ReplyTargets } from "../../../src/contact-request/shared/reply-clock";

/**
 * The reply clock, the emergency number and the opening hours as the build writes them for the
 * functions (form-options.json), read from content/ here, so the tests and the
 * bench follow an edit there without a build.
 */
const contentDir = path.join(__dirname, "../../../content");
const company = JSON.parse(fs.readFileSync(path.join(contentDir, "company.json"), "utf8")) as {
  openingHours: (OpeningDay & { day: string; hours: string })[];
  replyTargets: ReplyTargets;
  phones: { emergency: { display: string; e164: string } };
};
const services = fs
  .readdirSync(path.join(contentDir, "services"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(fs.readFileSync(path.join(contentDir, "services", file), "utf8")) as { name: string; urgent?: boolean });

export const contentClock: ReplyClock = {
  openingHours: company.openingHours,
  targets: company.replyTargets,
  urgentServices: services.filter((service) => service.urgent).map((service) => service.name),
};

export const contentEmergencyPhone = company.phones.emergency;

export const contentOpeningHours = company.openingHours.map(({ day, hours }) => ({ day, hours }));
