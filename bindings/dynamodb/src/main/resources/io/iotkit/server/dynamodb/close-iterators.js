// Loaded ahead of dynalite (node --require). dynalite 4 closes the iterator of each Query and Scan through the
// iterator's return() when it has one, and abstract-level 3's iterators have close() and no return(), so every
// iterator stayed open. An open LevelDB iterator keeps the files of its version: with dashboard queries running, the
// compactions' replaced files were never deleted and the data folder grew to some 15 times the readings it held.
// This gives the iterators the return() that closes them, unless they already have one.
'use strict';
const { createRequire } = require('module');

// abstract-level as dynalite loads it: dynalite -> level -> classic-level -> abstract-level
const fromDynalite = createRequire(process.argv[1]);
const fromLevel = createRequire(fromDynalite.resolve('level'));
const fromClassicLevel = createRequire(fromLevel.resolve('classic-level'));
const { AbstractIterator, AbstractKeyIterator, AbstractValueIterator } = fromClassicLevel('abstract-level');

for (const type of [AbstractIterator, AbstractKeyIterator, AbstractValueIterator]) {
  const proto = type.prototype;
  if (typeof proto.return !== 'function') {
    Object.defineProperty(proto, 'return', {
      configurable: true,
      writable: true,
      value: async function () {
        await this.close();
        return { done: true, value: undefined };
      },
    });
  }
}
