// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEventDto } from '@concierge/contracts/audit/dto';
import { renderPage } from '../../../testing/render-page';
import { StreamEventCard } from './stream-event-card';

const event: RecordedEventDto = {
  id: 'e1',
  type: 'UserRegistered',
  streamId: 'user-u1',
  revision: 0,
  position: '10-10',
  recordedAt: '2025-03-01T10:00:00.000Z',
  actor: null,
  correlationId: null,
  causationId: null,
  occurredAt: null,
  data: { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', registeredAt: '2025-03-01T10:00:00.000Z' },
  metadata: {},
};

afterEach(cleanup);

describe('a recorded event in the stream view', () => {
  it('says which credential fields were withheld, in both views of the data', () => {
    renderPage(<StreamEventCard event={{ ...event, withheld: ['passwordHash'], contentDigest: 'ab'.repeat(32) }} />);
    expect(screen.getByRole('note').textContent).toContain('Not shown: passwordHash. Credential material is withheld from the audit trail');
    fireEvent.click(screen.getByRole('button', { name: 'As recorded' }));
    expect(screen.getByRole('note').textContent).toContain('Not shown: passwordHash.');
    expect(screen.getByLabelText('Data as recorded').textContent).not.toContain('passwordHash');
  });

  it('adds nothing to an event that withheld nothing', () => {
    renderPage(<StreamEventCard event={event} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
