// Writing outbound mail (docs/mail-rules.md 17–19): view models, builders from engine data, rendering.
export * from '../../notifications/models/models';
export * from '../../notifications/models/reply-models';
export * from '../../notifications/models/account-models';
export * from './all-models';
export * from '../../notifications/models/views';
export * from './render';
