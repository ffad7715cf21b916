import nodemailer from 'nodemailer';
import type { SmtpSettings } from './config.js';

/** One mail: plain text, with an unsubscribe link for the mail clients that offer one (RFC 8058). */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly unsubscribe?: string;
}

/** Sends mail through PARLOR_SMTP's server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A mailer on nodemailer's SMTP transport (pooled: one connection serves many mails). */
export function smtpMailer(s: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: s.host, port: s.port, secure: s.secure, ignoreTLS: s.ignoreTLS, pool: true, maxConnections: 2,
    ...(s.user === null ? {} : { auth: { user: s.user, pass: s.pass ?? '' } }),
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
  });
  return {
    async send(m) {
      await transport.sendMail({
        from: s.from, to: m.to, subject: m.subject, text: m.text,
        ...(m.unsubscribe === undefined ? {} : { list: { unsubscribe: { url: m.unsubscribe, comment: 'Unsubscribe' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
      });
    },
    close: () => transport.close(),
  };
}
