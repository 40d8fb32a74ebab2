/** Design tokens (shared/DESIGN.md): change a value here and every page follows. */
export const colors = {
  ink: "#1b2430",
  inkMuted: "#4a5563",
  slate: "#1f2d3d",
  sand: "#f6f3ee",
  line: "#ddd6cb",
  white: "#ffffff",
  action: "#c2410c",
  actionStrong: "#9a3412",
  emergency: "#b91c1c",
  emergencyStrong: "#991b1b",
  chat: "#075e54",
  chatStrong: "#054d45",
  star: "#fbbf24",
  starOnWhite: "#b45309",
  focus: "#2563eb",
  /** Tints behind chat-coloured (success) and emergency-coloured (error) text: 6.9:1 and 5.9:1. */
  successTint: "#e7f3f1",
  errorTint: "#fdf0f0",
} as const;

export const space = { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "24px", 6: "32px", 7: "48px", 8: "64px", 9: "96px" } as const;

export const fontStack = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Type scale 1.25 from 16 px. */
export const fontSize = { sm: "14px", base: "16px", md: "20px", lg: "25px", xl: "31px", xxl: "39px", xxxl: "49px" } as const;

/** nav: the width from which the nine links, the quote and the chat button fit in one row (measured). */
export const breakpoints = { md: 768, lg: 1100, nav: 1240 } as const;
export const mq = {
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  nav: `@media (min-width: ${breakpoints.nav}px)`,
  reducedMotion: "@media (prefers-reduced-motion: reduce)",
} as const;

export const radius = { card: "12px", button: "8px", pill: "999px" } as const;
export const contentWidth = "1200px";
export const bottomBarHeight = "64px";
export const motion = "200ms ease-out";
export const shadow = "0 8px 24px rgba(27, 36, 48, 0.12)";
