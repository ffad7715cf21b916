/** The addresses mails link to, under the public address (PARLOR_PUBLIC_URL, else where the server listens). */
export interface Links {
  /** A table's page; a private table's with its invite. */
  table(tableId: string, invite?: string): string;
  confirm(token: string): string;
  unsubscribe(token: string): string;
  reset(token: string): string;
}

/** A table's path on the web client: `/t/<id>`, with `?invite=` for a private table's invitee. */
export function tablePath(tableId: string, invite?: string): string {
  const q = encodeURIComponent;
  return `/t/${q(tableId)}${invite === undefined ? '' : `?invite=${q(invite)}`}`;
}

export function linksUnder(base: () => string): Links {
  const q = encodeURIComponent;
  return {
    table: (id, invite) => `${base()}${tablePath(id, invite)}`,
    confirm: (t) => `${base()}/api/email/confirm?token=${q(t)}`,
    unsubscribe: (t) => `${base()}/api/email/unsubscribe?token=${q(t)}`,
    reset: (t) => `${base()}/reset?token=${q(t)}`,
  };
}
