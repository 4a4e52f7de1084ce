// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import { fieldError, toastVariant } from '../../../testing/read-page';
import RegisterPage, { CONFIRM_EMAIL_NOTICE } from './register';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('registration form', () => {
  it('rates the password live as it is typed', () => {
    renderPage(<RegisterPage />, '/register');
    const label = () => screen.getByTestId('password-strength-label').textContent;
    expect(label()).toBe('Very Weak');
    type('Password', 'abc');
    expect(label()).toBe('Weak');
    type('Password', 'abcdefgh');
    expect(label()).toBe('Fair');
    type('Password', 'Abcdefgh');
    expect(label()).toBe('Good');
    type('Password', 'Abcdefg1');
    expect(label()).toBe('Strong');
  });

  it('keeps Create Account disabled until every field is valid and the terms are accepted', () => {
    renderPage(<RegisterPage />, '/register');
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'Engine1843');
    type('Confirm password', 'Engine1844');
    fireEvent.blur(screen.getByLabelText('Confirm password'));
    expect(fieldError(screen.getByLabelText('Confirm password'))).toBe('Passwords do not match');
    expect(submit()).toHaveProperty('disabled', true);
    type('Confirm password', 'Engine1843');
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('sends the registration, says it is pending approval and that a confirmation link was mailed, and goes home', async () => {
    const fetchMock = vi.fn(async () => json({ message: 'ok', position: '5-1' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<RegisterPage />, '/register');
    type('First name', ' Ada ');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'Engine1843');
    type('Confirm password', 'Engine1843');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    expect(await toastVariant('Registration successful! Your account is pending approval.')).toBe('success');
    expect(await toastVariant(CONFIRM_EMAIL_NOTICE)).toBe('info');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init.body))).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Engine1843' });
  });

  it("shows the server's reason when registration is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Too many registrations from this address. Please try again later.' }, 429)));
    renderPage(<RegisterPage />, '/register');
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'Engine1843');
    type('Confirm password', 'Engine1843');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    expect(await toastVariant('Too many registrations from this address. Please try again later.')).toBe('error');
    expect(screen.getByTestId('where').textContent).toBe('/register');
  });
});
