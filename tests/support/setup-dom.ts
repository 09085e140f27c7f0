import { configure } from '@testing-library/dom';

// Component tests render through the real router; on a busy two-core CI machine that can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so it lacks scrollIntoView, which Mantine's combobox calls to keep the selected option in view.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
