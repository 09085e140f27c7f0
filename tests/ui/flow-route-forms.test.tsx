import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { emailChangeMachine } from '#machines/email-change.machine.ts';
import { passwordChangeMachine } from '#machines/password-change.machine.ts';
import { EmailChangeView } from '#src/flows/email-change/EmailChangeView.tsx';
import { PasswordChangeView } from '#src/flows/password-change/PasswordChangeView.tsx';
import { renderInConsole } from './render.tsx';

// A flow that moves on navigates to the next route, whose page starts its own flow. Until that page is there, the
// previous page must not show the next step's form: what the user typed into it would be lost when the page is swapped.
const noop = () => {};
afterEach(cleanup);

test('verify-password, once verified, keeps its own form busy instead of showing the new-password form', () => {
  const state = passwordChangeMachine.resolveState({ value: 'changePassword', context: { step: 'verifyPassword' } });
  renderInConsole(<PasswordChangeView state={state} send={noop} onCancel={noop} hasPassword />);
  expect(screen.queryByLabelText(/^New password/)).toBeNull();
  expect(screen.getByRole('heading', { name: 'Verify password' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')).toBe('true');
});

test('change-password, sent back to verify, keeps its own form busy instead of showing the verify form', () => {
  const state = passwordChangeMachine.resolveState({ value: 'verifyPassword', context: { step: 'changePassword' } });
  renderInConsole(<PasswordChangeView state={state} send={noop} onCancel={noop} hasPassword />);
  expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Save password' }).getAttribute('aria-busy')).toBe('true');
});

test('link-email, once the code is sent, keeps its own form busy instead of showing the code form', () => {
  const state = emailChangeMachine.resolveState({ value: 'verificationCode', context: { step: 'linkEmail', action: 'changeEmail', email: 'new@example.com' } });
  renderInConsole(<EmailChangeView state={state} send={noop} onCancel={noop} />);
  expect(screen.queryByLabelText(/^Verification code/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Send code' }).getAttribute('aria-busy')).toBe('true');
});

test('the code page that started over at link-email shows the code form once the code is sent', () => {
  const state = emailChangeMachine.resolveState({ value: 'verificationCode', context: { step: 'verificationCode', action: 'changeEmail', email: 'new@example.com' } });
  renderInConsole(<EmailChangeView state={state} send={noop} onCancel={noop} />);
  expect(screen.getByLabelText(/^Verification code/)).toBeTruthy();
});
