import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EmailField, PasswordField, useFieldErrors } from './auth-fields';

// The way both sign-in pages use them: messages set on submit, each cleared as its field is edited.
function Form() {
  const { errors, setErrors, clearOnChange } = useFieldErrors();
  return (
    <form
      noValidate
      onChange={clearOnChange}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({ email: 'Please enter a valid email.', password: 'Password must be at least 6 characters.' });
      }}
    >
      <EmailField id="t-email" error={errors.email} />
      <PasswordField id="t-password" autoComplete="new-password" error={errors.password} hint="At least 6 characters." />
      <button type="submit">Register</button>
    </form>
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('sign-in fields', () => {
  it('start valid, the password with its hint', () => {
    render(<Form />);
    expect(email().getAttribute('aria-invalid')).toBe('false');
    expect(email().hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('At least 6 characters.')?.textContent).toBe('At least 6 characters.');
  });

  it("point screen readers at each field's message", () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email())).toBe('Please enter a valid email.');
    expect(describedBy(password())).toBe('Password must be at least 6 characters.');
    expect(screen.queryByText('At least 6 characters.')).toBeNull();
  });

  it('clear only the message of the field being edited', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.change(email(), { target: { value: 'ana@example.org' } });
    expect(email().getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Please enter a valid email.')).toBeNull();
    expect(describedBy(password())).toBe('Password must be at least 6 characters.');
  });
});
