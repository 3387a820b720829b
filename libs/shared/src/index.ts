export * from './api-types';
export * from './constants';
export * from './contact';
export * from './dates';
export * from './messages';
export * from './options';
export * from './password';
export * from './roles';
