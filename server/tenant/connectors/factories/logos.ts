import { readFileSync } from 'node:fs';

/** A 24×24 outline icon as a data URI, in a colour that reads on light and dark backgrounds. */
const icon = (paths: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#6b7280" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`,
  )}`;

const envelope = '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>';
const phone = '<rect x="7" y="2" width="10" height="20" rx="2"/><path d="M11 18h2"/>';

/** The built-in e-mail and SMS factories' logos: one envelope, one phone, marked for dev or HTTP. */
export const logos = {
  devMailbox: icon(`${envelope}<path d="M17 15h4"/>`),
  smtp: icon(envelope),
  httpEmail: icon(`${envelope}<path d="M15 15l2 2 4-4"/>`),
  devSms: icon(`${phone}<path d="M10 7h4"/>`),
  httpSms: icon(`${phone}<path d="M10 10l2 2 2-2"/>`),
};

/** A factory's guide (Markdown), from readme/{name}.md next to this file. */
export const readme = (name: string) => readFileSync(new URL(`./readme/${name}.md`, import.meta.url), 'utf8');
