/**
 * Every icon the site draws, by the name content files and components use,
 * with the Lucide drawing that shows it: the one place that picks a drawing.
 * plugins/gatsby-plugin-first-paint draws them (`Icon`): each page's HTML
 * carries the symbols of the icons it shows, so no drawing is in the script a
 * visitor downloads (plugins/gatsby-plugin-first-paint/README.md, "No drawing
 * in the script").
 */
export const iconDrawings = {
  alert: "triangle-exclamation-point",
  alertCircle: "circle-exclamation-point",
  arrowDown: "arrow-down",
  arrowLeft: "arrow-left",
  arrowRight: "arrow-right",
  badge: "badge-check",
  building: "building-complex",
  calendar: "calendar-check",
  camera: "camera",
  car: "car",
  check: "check",
  checkCircle: "circle-check",
  chevronDown: "chevron-down",
  chevronRight: "chevron-right",
  chimney: "warehouse",
  chat: "message-circle",
  clock: "clock",
  close: "x",
  document: "file-text",
  droplets: "droplets",
  euro: "euro",
  externalLink: "external-link",
  factory: "factory",
  grid: "grid-3x3",
  gutter: "waves-horizontal",
  hammer: "hammer",
  hardHat: "hard-hat",
  house: "house",
  layers: "layers",
  leaf: "leaf",
  mail: "mail",
  mapPin: "map-pin",
  menu: "menu",
  parking: "square-letter-p",
  pause: "pause",
  phone: "phone",
  play: "play",
  quote: "quote",
  receipt: "receipt",
  ruler: "ruler",
  search: "search",
  send: "send",
  shield: "shield-check",
  siren: "siren",
  star: "star",
  storm: "cloud-lightning",
  sun: "sun",
  thermometer: "thermometer",
  thumbsUp: "thumbs-up",
  train: "train-front",
  users: "users",
  volume: "volume-2",
  wind: "wind",
  wrench: "wrench",
} as const;

export type IconName = keyof typeof iconDrawings;

// Pure, so a bundle that does not use the names drops them and the drawings' map with them.
export const iconNames = /*#__PURE__*/ Object.keys(iconDrawings) as [IconName, ...IconName[]];
