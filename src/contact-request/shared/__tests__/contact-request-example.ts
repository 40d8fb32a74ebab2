import type { ContactRequest } from "../contact-fields";

/** A complete, valid contact request, shared by the schema's and the function's tests. */
export const validRequest: ContactRequest = {
  name: "Marieke de Vries",
  email: "marieke@example.nl",
  phone: "06 12 34 56 78",
  address: "Prinsengracht 12",
  postalCode: "1015 DV",
  city: "Amsterdam",
  service: "Daklekkage",
  message: "Er lekt water langs de schoorsteen.\nGraag snel contact.",
};
