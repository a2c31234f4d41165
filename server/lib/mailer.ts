import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the app's emails (password resets, invitations); null when no SMTP server is set. */
export interface Mailer {
  /** The address links in emails start with (APP_URL). */
  readonly appUrl: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * A mailer over the configured SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.org),
 * or null without one. Emails are plain text: no tracking, no remote images, nothing a mail
 * client must render.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from?: string;
  appUrl?: string;
}): Mailer | null {
  if (!options.smtpUrl || !options.appUrl) return null;
  const transport = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? 'ElderCare System <no-reply@localhost>';
  return {
    appUrl: options.appUrl,
    async send(email) {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
    close() {
      transport.close();
    },
  };
}
