// A jest reporter for scripts/test.js's watchdog: keeps in TEST_PROGRESS_FILE the test files
// running now and the last one finished, so a tier stopped for quiet names where it hung.
'use strict';
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');

class ProgressReporter {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
    this.running = new Set();
    this.lastFinished = undefined;
  }

  onTestFileStart(test) {
    this.running.add(relative(this.root, test.path));
    this.save();
  }

  onTestFileResult(test) {
    const file = relative(this.root, test.path);
    this.running.delete(file);
    this.lastFinished = file;
    this.save();
  }

  save() {
    const file = process.env.TEST_PROGRESS_FILE;
    if (file) writeFileSync(file, JSON.stringify({ running: [...this.running], lastFinished: this.lastFinished }));
  }
}

module.exports = ProgressReporter;
