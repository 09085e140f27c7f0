const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The id the console proposes for a new connector, so that its callback URI shows before it is saved (connectors.md §0). */
export const proposedConnectorId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => alphabet[byte % alphabet.length]).join('');
