import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { closeAllFeedback } from '../shared/ui/feedback/feedback';

// Modals, drawers and date pickers load on first use (shared/ui/on-demand): the first opening in
// a test file waits for the module to be transformed, which takes more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  closeAllFeedback();
  localStorage.clear();
  sessionStorage.clear();
});
