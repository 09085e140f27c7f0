/**
 * What Mantine's AppShell header, footer and aside take from react-remove-scroll: the class that lets a modal's scroll
 * lock pad them as it pads the page. The console's build gives them this in the package's place
 * (vite.app-shell-scroll.ts), so the scroll lock itself loads with the first modal, not with the first screen. The names
 * are the package's own (tests/unit/slim-dependencies.test.ts compares them).
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};
