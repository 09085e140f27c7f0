// Without zod, so that the console's routes check a type in the URL without loading the guards.

/** Role types (spec 02 §6). */
export const roleTypes = ['User', 'MachineToMachine'] as const;
export type RoleType = (typeof roleTypes)[number];
