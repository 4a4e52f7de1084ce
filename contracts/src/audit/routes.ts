import { defineRoute } from '../shared/route.js';
import {
  AuditAllQuery,
  AuditAllResponse,
  AuditStreamParams,
  AuditStreamQuery,
  AuditStreamResponse,
  AuditStreamsQuery,
  AuditStreamsResponse,
} from './dto.js';

/** An addition to the first design: auditors read the event store (streams and $all), never write. */

export const listStreams = defineRoute({
  id: 'audit.streams',
  method: 'GET',
  path: '/audit/streams',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'Stream names with their last revision, optionally of one category.',
  query: AuditStreamsQuery,
  response: AuditStreamsResponse,
  reads: ['streams'],
});

export const readStream = defineRoute({
  id: 'audit.stream',
  method: 'GET',
  path: '/audit/streams/:streamId',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'The events of one stream, forwards or backwards, read from the event store itself.',
  params: AuditStreamParams,
  query: AuditStreamQuery,
  response: AuditStreamResponse,
});

export const readAll = defineRoute({
  id: 'audit.all',
  method: 'GET',
  path: '/audit/events',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'Events of all streams ($all) in global order after a position, for replay and audit.',
  query: AuditAllQuery,
  response: AuditAllResponse,
});
