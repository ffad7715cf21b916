/** The addresses mails link to, under the public address (PARLOR_PUBLIC_URL, else where the server listens). */
export interface Links {
  table(tableId: string): string;
  confirm(token: string): string;
  unsubscribe(token: string): string;
  reset(token: string): string;
}

export function linksUnder(base: () => string): Links {
  const q = encodeURIComponent;
  return {
    table: (id) => `${base()}/t/${q(id)}`,
    confirm: (t) => `${base()}/api/email/confirm?token=${q(t)}`,
    unsubscribe: (t) => `${base()}/api/email/unsubscribe?token=${q(t)}`,
    reset: (t) => `${base()}/reset?token=${q(t)}`,
  };
}
