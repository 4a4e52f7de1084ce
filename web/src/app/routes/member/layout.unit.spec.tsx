// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { member } from '../../../testing/fixtures';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import MemberLayout from './layout';

signedInForEachTest();

function renderShell() {
  renderPage(
    <Routes>
      <Route path="/user" element={<MemberLayout />}>
        <Route path="dashboard" element={<p>dashboard page</p>} />
      </Route>
    </Routes>,
    '/user/dashboard',
  );
}

describe('member shell', () => {
  it("shows the member's plan name under their name, not the account status", async () => {
    stubBackend(({ path }) => (path === '/api/auth/me' ? json({ ...member, subscriptionPlan: 'plan-gold', subscriptionPlanName: 'Gold' }) : undefined));
    renderShell();
    // The placeholder until the user has loaded is the default plan's name.
    expect(screen.getByTestId('member-plan').textContent).toBe('Premium Concierge');
    await waitFor(() => expect(screen.getByTestId('member-plan').textContent).toBe('Gold'));
    expect(screen.getByTestId('member-name').textContent).toBe('Ada Lovelace');
    expect(screen.queryByText('Approved')).toBeNull();
  });

  it('names the default plan for a member without a plan of their own', async () => {
    stubBackend(({ path }) => (path === '/api/auth/me' ? json(member) : undefined));
    renderShell();
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('Ada Lovelace'));
    expect(screen.getByTestId('member-plan').textContent).toBe('Premium Concierge');
  });
});
