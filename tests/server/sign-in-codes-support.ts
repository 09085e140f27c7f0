import { and, desc, eq } from 'drizzle-orm';
import { tenantVerificationCodes } from '#server/db/idp.ts';
import { devMailbox, devSmsOutbox } from '#server/db/schema.ts';
import { insertConnectorRow } from '#server/tenant/connectors/store.ts';
import type { TestServer } from './support.ts';

/** The tenant's Dev mailbox connector (e-mail codes go to the server's dev mailbox under its sender name). */
export const addMailConnector = (server: TestServer, tenantId: string) =>
  insertConnectorRow(server.db, tenantId, {
    id: `mail-${tenantId}`,
    connectorId: 'dev-mailbox',
    type: 'Email',
    target: 'dev-mailbox',
    platform: null,
    syncProfile: false,
    config: { senderName: 'Acme' },
    sealedSecrets: null,
    metadata: {},
  });

/** The tenant's Dev SMS outbox connector. */
export const addSmsConnector = (server: TestServer, tenantId: string) =>
  insertConnectorRow(server.db, tenantId, {
    id: `sms-${tenantId}`,
    connectorId: 'dev-sms',
    type: 'Sms',
    target: 'dev-sms',
    platform: null,
    syncProfile: false,
    config: { senderLabel: 'Acme' },
    sealedSecrets: null,
    metadata: {},
  });

/** The six-digit code of the newest text message to `to`. */
export const codeTextedTo = async (server: TestServer, to: string) => {
  const [sms] = await server.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, to)).orderBy(desc(devSmsOutbox.createdAt));
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${to}`);
  return code;
};

/** The messages the dev mailbox holds for `to`, newest first. */
export const mailTo = (server: TestServer, to: string) => server.db.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(desc(devMailbox.createdAt));

/** The six-digit code of the newest message to `to`, waited for (a password reset's is sent after its answer). */
export const codeSentTo = async (server: TestServer, to: string) => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [mail] = await mailTo(server, to);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was mailed to ${to}`);
};

/** The tenant's stored codes for an identifier, newest first. */
export const storedCodes = (server: TestServer, tenantId: string, identifier: string) =>
  server.db
    .select()
    .from(tenantVerificationCodes)
    .where(and(eq(tenantVerificationCodes.tenantId, tenantId), eq(tenantVerificationCodes.identifier, identifier)))
    .orderBy(desc(tenantVerificationCodes.createdAt));
