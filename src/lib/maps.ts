/** Google Maps addresses for a place name; nothing is requested until a component uses them. */
export const mapEmbedUrl = (place: string) =>
  `https://www.google.com/maps?q=${encodeURIComponent(place)}&output=embed`;

export const mapLinkUrl = (place: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
