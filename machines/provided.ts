/** The implementation of an actor the app provides (`machine.provide`); running the bare machine fails loudly. */
export const provided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the app`);
};

/** The message of a failure, for the error state of a flow. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
