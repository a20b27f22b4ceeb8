// Writing outbound mail (MAIL.md 17–19): view models, builders from engine data, rendering.
export * from './models';
export * from './views';
export * from './render';
