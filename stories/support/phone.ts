/**
 * The console works on a phone 375 px wide. A story with `globals: atPhoneWidth` is shown and tested at that width (the
 * story test sets the browser's viewport from it), so axe and the overflow check run on the phone layout too.
 */
export const phoneViewport = { name: 'Phone', styles: { width: '375px', height: '667px' }, type: 'mobile' } as const;

export const atPhoneWidth = { viewport: { value: 'phone', isRotated: false } };

/** A laptop screen, 1440 × 900: the size the sidebar fits without scrolling. */
export const laptopViewport = { name: 'Laptop', styles: { width: '1440px', height: '900px' }, type: 'desktop' } as const;

export const atLaptopSize = { viewport: { value: 'laptop', isRotated: false } };
