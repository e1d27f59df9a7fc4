import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// As app/providers: weeks start on Monday in the date pickers.
dayjs.locale('zh-cn');

// A busy machine transforms a test file's modules slowly: the first opening of a modal can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
