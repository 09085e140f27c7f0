import { configure } from '@testing-library/dom';

// Component tests render through the real router; on a busy two-core CI machine that can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
