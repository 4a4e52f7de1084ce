export * from './mail.js';
export * from './heartbeat.js';
