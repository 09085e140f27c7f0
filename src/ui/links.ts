/** External links of the shell (docs, contact rows, release notes). */
export const externalLinks = {
  docs: 'https://docs.gatehouse.dev',
  communityChat: 'https://discord.gg/gatehouse',
  sourceCode: 'https://github.com/gatehouse-dev/gatehouse',
  releases: 'https://github.com/gatehouse-dev/gatehouse/releases',
  email: 'mailto:contact@gatehouse.dev',
  bookMeeting: 'https://cal.com/gatehouse/meet',
  /** Plans and every feature they include. */
  pricing: 'https://gatehouse.dev/pricing',
} as const;
