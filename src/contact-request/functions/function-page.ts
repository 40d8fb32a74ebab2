import { createHash } from "node:crypto";
import { escapeHtml } from "./mail";
import { apiSecurityHeaders } from "./security-headers";
import { colors, fontStack, radius } from "../../components/ui/theme";

/**
 * The HTML a page served by a function is wrapped in (the refusal page, the
 * thank-you without JavaScript, a request's page and its not-found page): Dutch, sized for a phone, kept out
 * of search engines, with its one style block inline, which the page's CSP
 * allows by its hash. `head` adds to the head; `main` is trusted markup.
 */
export const functionPageHtml = ({ title, style, robots, head = "", main }: { title: string; style: string; robots: string; head?: string; main: string }) => `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">
${head}<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;

/** The look of the pages a visitor without JavaScript gets from the form's function: the refusal and the thank-you. */
export const visitorPageStyle = `
body{margin:0;font-family:${fontStack};color:${colors.ink};background:${colors.sand};line-height:1.5}
main{max-width:640px;margin:0 auto;padding:32px 16px 48px}
h1{font-size:31px;line-height:1.2;margin:0 0 12px}
h2{font-size:20px;line-height:1.3;margin:0 0 8px}
.card{background:${colors.white};border:1px solid ${colors.line};border-radius:${radius.card};padding:16px 20px;margin:20px 0}
.errors{border:2px solid ${colors.emergency};background:${colors.errorTint}}
.errors li{margin:6px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{font-weight:700}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:${colors.actionStrong}}
.button{display:inline-block;background:${colors.action};color:${colors.white};font-weight:700;text-decoration:none;padding:12px 20px;border-radius:${radius.button};min-height:24px}
.button:focus-visible,a:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
.reference{font-size:25px;font-weight:700;letter-spacing:1px}
`.trim();

/** The function's strict headers, with those pages' one style block allowed by its hash; never kept: each answers one post. */
export const visitorPageHeaders: Record<string, string> = {
  ...apiSecurityHeaders,
  "Content-Security-Policy": `${apiSecurityHeaders["Content-Security-Policy"]}; style-src 'sha256-${createHash("sha256").update(visitorPageStyle).digest("base64")}'`,
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
};
