export * from './mail.js';
export * from './heartbeat.js';
export * from './portfolio.js';
export * from './correlation.js';
