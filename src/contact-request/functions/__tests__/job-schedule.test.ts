/**
 * @jest-environment node
 */
import fs from "node:fs";
import path from "node:path";
import { deliveryJobSchedule } from "../job";

describe("the mailing job's schedule", () => {
  it("is the schedule the function's config gives Netlify", () => {
    const source = fs.readFileSync(path.join(__dirname, "../../../../netlify/functions/deliver-contact-requests/deliver-contact-requests.mts"), "utf8");
    expect(/schedule: "([^"]+)"/.exec(source)?.[1]).toBe(deliveryJobSchedule);
  });
});
