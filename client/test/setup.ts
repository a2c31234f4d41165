import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// The client's tests share the machine with the server's (each file a worker, every core busy):
// a screen that renders in 200 ms alone can take over a second then. findBy and waitFor wait up
// to 4 s for what should appear, instead of Testing Library's 1 s.
configure({ asyncUtilTimeout: 4_000 });
