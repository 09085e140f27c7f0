/**
 * The class that lets a modal's scroll lock (react-remove-scroll) pad a fixed element as it pads the page: the console
 * layout's top bar takes it from here, so the scroll lock itself loads with the first modal, not with the first screen.
 * The names are the package's own (tests/unit/slim-dependencies.test.ts compares them).
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};
