/** The width of one filter of the audit log, the same before and after its select has loaded. */
export const filterWidth = { base: '100%', xs: 220 };
