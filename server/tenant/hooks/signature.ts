import { createHmac } from 'node:crypto';
import { gatehouseSignatureHeader, hookSignatureHeader, hookUserAgent, standardWebhookHeaders } from '#schemas/webhook.ts';

/**
 * The headers of a delivery (webhooks.md §5), signed over the exact body bytes: Logto's `logto-signature-sha-256` and
 * Gatehouse's copy (hex HMAC-SHA256 with the key as text), and the Standard Webhooks headers, whose HMAC key is the
 * signing key read as base64 (what `new Webhook(signingKey)` of the `standardwebhooks` package does with it).
 */
export const hookHeaders = ({ deliveryId, body, signingKey, customHeaders = {}, timestamp = Math.floor(Date.now() / 1000) }: {
  deliveryId: string;
  body: string;
  signingKey: string;
  customHeaders?: Record<string, string>;
  timestamp?: number;
}): Record<string, string> => {
  const hex = createHmac('sha256', signingKey).update(body, 'utf8').digest('hex');
  const standard = createHmac('sha256', Buffer.from(signingKey, 'base64')).update(`${deliveryId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return {
    ...customHeaders,
    'content-type': 'application/json',
    'user-agent': hookUserAgent,
    [hookSignatureHeader]: hex,
    [gatehouseSignatureHeader]: hex,
    [standardWebhookHeaders.id]: deliveryId,
    [standardWebhookHeaders.timestamp]: String(timestamp),
    [standardWebhookHeaders.signature]: `v1,${standard}`,
  };
};
