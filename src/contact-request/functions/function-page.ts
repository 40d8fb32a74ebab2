import { escapeHtml } from "./mail";

/**
 * The HTML a page served by a function is wrapped in (the refusal page, a
 * request's page and its not-found page): Dutch, sized for a phone, kept out
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
