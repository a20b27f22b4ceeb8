// Writing outbound mail (docs/mail-rules.md 17–19): view models, builders from engine data, rendering.
export * from './models';
export * from './all-models';
export * from './views';
export * from './render';
