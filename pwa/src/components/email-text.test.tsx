import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailBreaks } from './email-text';

describe('emailBreaks', () => {
  it('offers a break after the @ and before each dot, never inside a name', () => {
    expect(emailBreaks('jane.doe@hope-community.example.org')).toEqual(['jane', '.doe@', 'hope-community', '.example', '.org']);
    expect(emailBreaks('user')).toEqual(['user']);
  });
});

describe('EmailText', () => {
  it('reads as the whole address (copy, screen readers) with the break points between its parts', () => {
    const { container } = render(<EmailText email="charity@foodbridge.test" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('charity@foodbridge.test');
    expect(span.querySelectorAll('wbr')).toHaveLength(2);
    expect(span.innerHTML).toBe(
      '<span class="whitespace-nowrap">charity@</span><wbr><span class="whitespace-nowrap">foodbridge</span><wbr><span class="whitespace-nowrap">.test</span>',
    );
  });

  it('keeps a short part whole (no break at its hyphen) and lets a part longer than a line wrap', () => {
    const long = 'a-mailbox-name-longer-than-any-line-of-a-phone';
    const { container } = render(<EmailText email={`${long}@community-kitchens.example.org`} />);
    const kept = [...container.querySelectorAll('.whitespace-nowrap')].map((s) => s.textContent);
    expect(kept).toEqual(['community-kitchens', '.example', '.org']);
    expect(container.textContent).toBe(`${long}@community-kitchens.example.org`);
  });
});
