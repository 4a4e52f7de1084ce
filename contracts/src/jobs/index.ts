export * from './mail.js';
