// Each test's (and hook's) default bound: a hang detector scaled by TEST_TIME_SCALE (hang.ts), not a budget.
import { hangAfter } from './hang';

jest.setTimeout(hangAfter(60_000));
