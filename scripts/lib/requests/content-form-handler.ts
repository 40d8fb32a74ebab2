import { createHandler, type HandlerOptions } from "../../../src/contact-request/functions/handler";
import { validRequest } from "../../../src/contact-request/shared/__tests__/contact-request-example";
import { contentClock, contentEmergencyPhone, contentOpeningHours } from "./content-clock";

/**
 * The form's function in this process, as the bench's parts and the job's tests run it: the
 * reply clock, emergency number and opening hours of content/, the example request's town and
 * service to choose from, a phone number of its own, no other site allowed and no log; the
 * mailer, the store and the addresses are the caller's, and anything else it overrides.
 */
export const contentFormHandler = (options: Pick<HandlerOptions, "mailer" | "store" | "addresses"> & Partial<HandlerOptions>) =>
  createHandler({
    clock: contentClock,
    emergencyPhone: contentEmergencyPhone,
    openingHours: contentOpeningHours,
    choices: { towns: [validRequest.city], services: [validRequest.service] },
    phone: { display: "020 123 45 67", e164: "+31201234567" },
    allowedOrigins: [],
    log: () => {},
    ...options,
  });
