// Without zod, so that the console's routes check a type in the URL without loading the guards.

/** Application types (spec 02 §3). */
export const applicationTypes = ['Native', 'SPA', 'Traditional', 'MachineToMachine', 'Protected', 'SAML'] as const;
export type ApplicationType = (typeof applicationTypes)[number];
/** The types the console and the API create today; Protected and SAML come with enterprise SSO. */
export const offeredApplicationTypes = ['Native', 'SPA', 'Traditional', 'MachineToMachine'] as const satisfies readonly ApplicationType[];
export type OfferedApplicationType = (typeof offeredApplicationTypes)[number];
