// Runs before each API test file (also when files share a worker): whatever the file opened through
// the test kit is closed when it is done.
import { afterAll } from 'vitest';
import { closeTestResources } from './app.ts';

afterAll(closeTestResources);
