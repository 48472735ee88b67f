import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './server/src/test/long-files-first.ts';

export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web', 'web/scripts/vitest.config.mjs'],
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's two cores,
    // where the 53 jsdom files of the web then ran one after another (7 of CI's minutes). Two.
    maxWorkers: 2,
    // The server's long files first (a project's own `sequence.sequencer` is not read).
    sequence: { sequencer: LongFilesFirst },
  },
});
