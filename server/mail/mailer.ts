import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storeDevMail } from './dev-mailbox.ts';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { kind: 'smtp' | 'dev-mailbox'; send: (mail: Mail) => Promise<void> };

/** SMTP through nodemailer when SMTP_URL is set; otherwise the dev mailbox, which keeps mail in the database. */
export const createMailer = (config: ServerConfig, db: Db): Mailer => {
  if (!config.smtpUrl) return { kind: 'dev-mailbox', send: (mail) => storeDevMail(db, mail) };
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
  };
};
