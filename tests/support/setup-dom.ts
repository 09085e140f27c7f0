import { configure } from '@testing-library/dom';

// Component tests render through the real router; on a busy two-core CI machine that can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so it lacks scrollIntoView, which Mantine's combobox calls to keep the selected option in view.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// jsdom has no font loading; Mantine's autosizing textarea listens for it.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}
