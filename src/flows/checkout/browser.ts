/** Leaving the console for another page (the hosted checkout); one object, so component tests can watch it. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};
