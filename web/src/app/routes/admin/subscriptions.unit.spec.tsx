// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanDto } from '@concierge/contracts';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend, type Sent } from '../../../testing/stub-backend';
import { fieldError, toastVariant } from '../../../testing/read-page';
import SubscriptionManagerPage from './subscriptions';

function plan(id: string, name: string, feePercentage: number, extra: Partial<PlanDto> = {}): PlanDto {
  return { _id: id, id, name, feePercentage, description: '', isActive: true, isDefault: false, createdAt: '', updatedAt: '', ...extra };
}

const DEFAULT_PLAN = plan('default', 'Premium Concierge', 0, { isDefault: true, description: 'Every member starts here' });
const MEMBERS_ON_GOLD = '1 member is on Gold: move them to another plan, or deactivate Gold instead (it stays valid for members already on it).';

type Options = { plans?: PlanDto[]; listAnswer?: () => Response; deleteAnswer?: () => Response };

/** The plan routes over an in-memory list: saves and deletes change what the next GET answers. */
function serve({ plans = [DEFAULT_PLAN, plan('plan-gold', 'Gold', 2.5)], listAnswer, deleteAnswer }: Options = {}): Sent[] {
  let stored = [...plans];
  return stubBackend(({ method, path, body }) => {
    const saved = (entry: PlanDto) => json({ message: 'Subscription plan created or updated successfully.', plan: entry, position: '1-1' });
    if (method === 'GET' && path === '/api/subscriptions') return listAnswer?.() ?? json(stored);
    const fields = body as { name: string; feePercentage: string; description: string; isActive: boolean };
    if (method === 'POST' && path === '/api/subscriptions') {
      const created = plan('plan-new', fields.name, Number(fields.feePercentage), { description: fields.description, isActive: fields.isActive });
      stored = [...stored, created];
      return saved(created);
    }
    const id = /^\/api\/subscriptions\/(.+)$/.exec(path)?.[1];
    if (method === 'PUT' && id) {
      const updated = plan(id, fields.name, Number(fields.feePercentage), { description: fields.description, isActive: fields.isActive });
      stored = stored.map((entry) => (entry.id === id ? updated : entry));
      return saved(updated);
    }
    if (method === 'DELETE' && id) {
      const refused = deleteAnswer?.();
      if (refused) return refused;
      stored = stored.filter((entry) => entry.id !== id);
      return json({ message: 'Subscription plan deleted successfully.', position: '1-2' });
    }
    return undefined;
  });
}

signedInForEachTest();

const table = () => screen.getByRole('grid', { name: 'Subscription plans' });
const row = (name: string) => within(table()).getAllByRole('row').find((entry) => within(entry).queryByText(name, { exact: true }) !== null);
const form = () => screen.getByRole('form', { name: 'Subscription plan' });
const writes = (sent: Sent[]) => sent.filter((request) => request.method !== 'GET');

async function renderManager() {
  renderPage(<SubscriptionManagerPage />, '/admin/subscriptions');
  await within(table()).findByText('Gold');
}

describe('Subscription Manager', () => {
  it('lists the plans with their fee, the default plan marked and without Delete', async () => {
    serve();
    await renderManager();
    const defaultRow = row('Premium Concierge');
    if (!defaultRow) throw new Error('no row for the default plan');
    // Name (with the Default mark), fee, description, status, actions.
    expect(within(defaultRow).getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual(['Premium ConciergeDefault', '0%', 'Every member starts here', 'Active', 'Edit']);
    expect(within(defaultRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(defaultRow).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Edit Premium Concierge']);
    const gold = row('Gold');
    if (!gold) throw new Error('no row for Gold');
    expect(within(gold).getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual(['Gold', '2.5%', '—', 'Active', 'EditDelete']);
    expect(within(gold).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Edit Gold', 'Delete Gold']);
  });

  it('creates a plan, active by default, and shows it in the table', async () => {
    const sent = serve();
    await renderManager();
    const add = within(form());
    expect(form().closest('section')?.getAttribute('aria-label')).toBe('Add Subscription Plan');
    expect(add.getByRole<HTMLInputElement>('switch', { name: 'Active' }).checked).toBe(true);
    expect(add.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.change(add.getByLabelText(/Plan Name/), { target: { value: '  Silver ' } });
    fireEvent.change(add.getByLabelText(/Fee Percentage/), { target: { value: '1.75' } });
    fireEvent.change(add.getByLabelText('Description'), { target: { value: 'For smaller portfolios' } });
    fireEvent.click(add.getByRole('button', { name: 'Create Plan' }));

    expect(await toastVariant('Subscription plan created or updated successfully.')).toBe('success');
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/subscriptions', body: { name: 'Silver', feePercentage: '1.75', description: 'For smaller portfolios', isActive: true } },
    ]);
    await within(table()).findByText('Silver');
    expect(within(form()).getByLabelText<HTMLInputElement>(/Plan Name/).value).toBe('');
  });

  it('says "Please fill out the form correctly." on an invalid submit and sends nothing', async () => {
    const sent = serve();
    await renderManager();
    const add = within(form());
    fireEvent.change(add.getByLabelText(/Fee Percentage/), { target: { value: '101' } });
    fireEvent.click(add.getByRole('button', { name: 'Create Plan' }));
    expect(await toastVariant('Please fill out the form correctly.')).toBe('error');
    expect(fieldError(add.getByLabelText(/Plan Name/))).toBe('Plan name is required');
    expect(fieldError(add.getByLabelText(/Fee Percentage/))).toBe('Fee percentage must be a number between 0 and 100');
    expect(writes(sent)).toEqual([]);
  });

  it('edits a plan in the same form, filled, and Cancel goes back to adding', async () => {
    const sent = serve();
    await renderManager();
    const gold = row('Gold');
    if (!gold) throw new Error('no row for Gold');
    fireEvent.click(within(gold).getByRole('button', { name: 'Edit Gold' }));
    const edit = within(screen.getByRole('region', { name: 'Edit Subscription Plan' }));
    expect(edit.getByLabelText<HTMLInputElement>(/Plan Name/).value).toBe('Gold');
    expect(edit.getByLabelText<HTMLInputElement>(/Fee Percentage/).value).toBe('2.5');
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));
    expect(form().closest('section')?.getAttribute('aria-label')).toBe('Add Subscription Plan');
    expect(within(form()).getByLabelText<HTMLInputElement>(/Plan Name/).value).toBe('');

    fireEvent.click(within(gold).getByRole('button', { name: 'Edit Gold' }));
    const again = within(screen.getByRole('region', { name: 'Edit Subscription Plan' }));
    fireEvent.change(again.getByLabelText(/Fee Percentage/), { target: { value: '3' } });
    fireEvent.click(again.getByRole('switch', { name: 'Active' }));
    fireEvent.click(again.getByRole('button', { name: 'Update Plan' }));

    expect(await toastVariant('Subscription plan created or updated successfully.')).toBe('success');
    expect(writes(sent)).toEqual([
      { method: 'PUT', path: '/api/subscriptions/plan-gold', body: { name: 'Gold', feePercentage: '3', description: '', isActive: false } },
    ]);
    await waitFor(() => expect(row('Gold')?.textContent).toContain('3%'));
    expect(row('Gold')?.textContent).toContain('Inactive');
    expect(form().closest('section')?.getAttribute('aria-label')).toBe('Add Subscription Plan');
  });

  it('deletes a plan only after the confirmation', async () => {
    const sent = serve();
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getAllByRole('paragraph').map((line) => line.textContent)).toEqual(['Are you sure you want to delete this subscription plan? This action cannot be undone.', 'Gold']);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastVariant('Subscription plan deleted successfully.')).toBe('success');
    expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/subscriptions/plan-gold', body: undefined }]);
    await waitFor(() => expect(within(table()).queryByText('Gold')).toBeNull());
  });

  it("shows the server's 409 when members are on the plan, and keeps the plan", async () => {
    serve({ deleteAnswer: () => json({ message: MEMBERS_ON_GOLD }, 409) });
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastVariant(MEMBERS_ON_GOLD)).toBe('error');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row('Gold')?.textContent).toBe('Gold2.5%—ActiveEditDelete');
  });

  it('says "Failed to delete plan." when the server gives no reason', async () => {
    serve({ deleteAnswer: () => new Response(null, { status: 500 }) });
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gold' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastVariant('Failed to delete plan.')).toBe('error');
  });

  it('says "Failed to load subscription plans." when the list cannot load', async () => {
    // A client error: the list is not retried, so the toast comes at once.
    serve({ listAnswer: () => json({}, 403) });
    renderPage(<SubscriptionManagerPage />, '/admin/subscriptions');
    expect(await toastVariant('Failed to load subscription plans.')).toBe('error');
  });

  it('shows the empty state when there is no plan', async () => {
    serve({ plans: [] });
    renderPage(<SubscriptionManagerPage />, '/admin/subscriptions');
    // The column headers, then the empty text in place of rows.
    await waitFor(() => expect(table().textContent).toBe('NameFee %DescriptionStatusActionsNo subscription plans yet. Add the first one above.'));
  });
});
