/**
 * A page a mail's link opens (confirm, unsubscribe): one sentence and a link home, in the account's
 * language. No script, no style (the server's CSP allows neither inline), nothing remote.
 */
export function linkPage(language: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="${esc(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Parlor</title></head>
<body>
<main><h1>Parlor</h1><p>${esc(text)}</p><p><a href="/">Parlor</a></p></main></body></html>
`;
}
