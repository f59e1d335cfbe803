export * from './constants';
export * from './enums';
export * from './errors';
export * from './events';
export * from './routes';
export * from './rules/messages';
export * from './rules/numbers';
export * as rules from './rules/validators';
export * from './users';
