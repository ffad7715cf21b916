import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it, parsed. */
export interface ReceivedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Each header as it came, by its lower-case name (the first of a name). */
  readonly header: (name: string) => string | undefined;
  /** Every http(s) link in the text, in order. */
  readonly links: string[];
}

/**
 * An SMTP server on 127.0.0.1 for tests (smtp-server; no TLS, no sign-in needed), collecting every
 * mail it is given, parsed with mailparser. `smtp` is its PARLOR_SMTP.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;

  get smtp(): string { return `smtp://127.0.0.1:${this.port}?from=${encodeURIComponent('Parlor <parlor@test.invalid>')}&starttls=off`; }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData: (stream, session, done) => {
        simpleParser(stream).then((m) => {
          const text = m.text ?? '';
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: m.subject ?? '', text,
            header: (name) => m.headerLines.find((h) => h.key === name)?.line,
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]),
          });
          done();
        }, (e: Error) => done(e));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
    this.server = server;
  }

  /** The mails sent to `to`. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to === address);
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s !== null) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
